import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { InboxesCard } from '@/features/inboxes/components/inboxes-card';

/** /integrations: one card per integration, stacked (each card is its own feature's component). */
export default function IntegrationsPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Integrações"
        description="Os números de WhatsApp do Atende e as ferramentas conectadas a ele"
      />
      <div className="grid grid-cols-1 gap-6" data-testid="integrations-sections">
        <InboxesCard />
      </div>
    </PageContainer>
  );
}
