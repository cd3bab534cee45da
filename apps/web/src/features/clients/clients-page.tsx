import { useParams } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Button, Card, Skeleton } from '@/components/ui';
import { useClient } from './api/get-client';
import { ClientDetailView } from './components/client-detail';
import { ClientsList } from './components/clients-list';

function ClientScreen({ id }: { id: string }) {
  const client = useClient(id);
  if (client.data) return <ClientDetailView client={client.data} />;
  if (client.isError) {
    return (
      <>
        <PageHeader title="Clientes" />
        <Card className="p-6 text-center">
          <p className="text-slate-700 dark:text-slate-200">{client.error.message}</p>
          <Button className="mt-3" variant="secondary" onClick={() => client.refetch()}>
            Tentar novamente
          </Button>
        </Card>
      </>
    );
  }
  return <Skeleton className="h-64" />;
}

/** Route component for /clients and /clients/{id}: the CRM. */
export default function ClientsPage() {
  const { id } = useParams();
  if (id) {
    return (
      <PageContainer>
        <ClientScreen id={id} />
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <PageHeader title="Clientes" description="Todos que falaram com a sua empresa pelo WhatsApp" />
      {/* The list scrolls inside the card: a bounded height is what lets it render only visible rows. */}
      <div className="flex h-[calc(100dvh-14rem)] min-h-[420px] flex-col">
        <ClientsList />
      </div>
    </PageContainer>
  );
}
