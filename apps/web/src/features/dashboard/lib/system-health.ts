import type { SystemHealth, SystemStatus } from '@atende/contracts';
import { formatMilliseconds } from '@/lib/format';

export const SYSTEM_STATUS_LABELS: Record<SystemStatus, string> = {
  operational: 'Operacional',
  degraded: 'Degradado',
  error: 'Erro',
};

export const OVERALL_LABELS: Record<SystemHealth['overall'], string> = {
  healthy: 'Todos os sistemas operacionais',
  degraded: 'Desempenho degradado',
  unhealthy: 'Sistemas com falha',
};

/** Anything other than operational or degraded is treated as an error. */
export function toSystemStatus(status: string): SystemStatus {
  return status === 'operational' || status === 'degraded' ? status : 'error';
}

/** 'N ms' or 'N/A' when the check measured nothing. */
export function formatResponseTime(ms: number | null): string {
  return ms === null || !Number.isFinite(ms) ? 'N/A' : formatMilliseconds(ms);
}
