import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/lib/session';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { useKnowledgeGaps } from './api/get-knowledge-gaps';
import { GapsSection } from './components/gaps-section';
import { KnowledgeBaseEditor } from './components/knowledge-base-editor';
import { TabPanel, TrainingTabs } from './components/training-tabs';
import { useTrainingRealtime } from './realtime/use-training-realtime';

type Tab = 'lacunas' | 'base';
const TAB_PARAM = 'aba';

/**
 * Route component for /training (the learning loop): questions the AI could not answer
 * become knowledge-base entries, and the base itself can be edited.
 */
export default function TrainingPage() {
  useTrainingRealtime();
  const idPrefix = useId();
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const gaps = useKnowledgeGaps();
  const [params] = useSearchParams();
  const patchParams = useSearchParamsPatch();
  const active: Tab = params.get(TAB_PARAM) === 'base' ? 'base' : 'lacunas';
  const setActive = (tab: Tab) => patchParams({ [TAB_PARAM]: tab === 'lacunas' ? null : tab });

  return (
    <PageContainer>
      <PageHeader
        title="Treinamento da IA"
        description="Ensine a IA com as respostas da sua equipe: perguntas que ela não soube responder viram conhecimento, e a IA passa a usá-lo na hora."
      />
      <div className="space-y-5">
        <TrainingTabs<Tab>
          idPrefix={idPrefix}
          active={active}
          onChange={setActive}
          tabs={[
            {
              id: 'lacunas',
              label: 'Lacunas de conhecimento',
              shortLabel: 'Lacunas',
              badge: gaps.data?.length,
            },
            { id: 'base', label: 'Base de conhecimento', shortLabel: 'Base' },
          ]}
        />
        <TabPanel id="lacunas" idPrefix={idPrefix} active={active === 'lacunas'}>
          <GapsSection canManage={isAdmin} />
        </TabPanel>
        <TabPanel id="base" idPrefix={idPrefix} active={active === 'base'}>
          <KnowledgeBaseEditor canEdit={isAdmin} />
        </TabPanel>
      </div>
    </PageContainer>
  );
}
