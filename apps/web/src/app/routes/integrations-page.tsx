import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { ApiTokensCard } from '@/features/api-tokens/components/api-tokens-card';
import { InboxesCard } from '@/features/inboxes/components/inboxes-card';
import { OrderLookupCard } from '@/features/order-lookup/components/order-lookup-card';
import { WebhooksCard } from '@/features/webhooks/components/webhooks-card';

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
        <WebhooksCard />
        <ApiTokensCard />
        <OrderLookupCard />
      </div>
    </PageContainer>
  );
}
