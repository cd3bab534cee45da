import { PageContainer } from '@/components/layout/page-header';
import { ReportFilters } from '@/components/service-figures/report-filters';
import { useReportFilters } from '@/lib/use-report-filters';
import { ChartsSection } from './components/charts/charts-section';
import { DashboardHeader } from './components/dashboard-header';
import { RecentActivities } from './components/recent-activities';
import { ServicePanel } from './components/service-panel';
import { StatCards } from './components/stat-cards';
import { SystemHealthPanel } from './components/system-health-panel';
import { WhatsappCard } from './components/whatsapp-card';
import { useDashboardRealtime } from './realtime/use-dashboard-realtime';

/**
 * Route component for /dashboard (lazy-loaded by the router). Each section subscribes to its own
 * query, so a live update re-renders only the part it changes.
 */
export default function DashboardPage() {
  useDashboardRealtime();
  const [filters, setFilters] = useReportFilters();
  return (
    <PageContainer>
      <DashboardHeader />
      {/* Every figure below (cards, charts, service) follows these filters. */}
      <ReportFilters value={filters} onChange={setFilters} />
      <StatCards />
      <ChartsSection />
      <ServicePanel />
      {/* The two short cards stack beside the long activity list: no card is stretched to its height. */}
      <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
        <div className="flex flex-col gap-4">
          <WhatsappCard />
          <SystemHealthPanel />
        </div>
        <RecentActivities className="xl:col-span-2" />
      </div>
    </PageContainer>
  );
}
