export interface NginxUpstream {
  /** The instance's name (`atende-1`); its cookie value routes the long-polling fallback to it. */
  name: string;
  port: number;
}

export function nginxConfig(options: {
  /** `host:port` nginx listens on. */
  listen: string;
  upstreams: readonly NginxUpstream[];
  /** Where nginx keeps its pid, logs and temp files. */
  directory: string;
}): string;
