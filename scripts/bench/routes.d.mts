export interface BenchSizes {
  /** BENCH_SCALE: the seed's own lists (documents, calendar, resources, …) hold this many times their volume. */
  scale: number;
  users: number;
  firms: number;
  roster: number;
  strategies: number;
  supportCases: number;
  auditEvents: number;
}
export interface BenchRoute {
  name: string;
  path: string | ((sizes: BenchSizes) => string);
  as: 'super' | 'admin' | null;
  method?: string;
  status?: number;
  body?: unknown;
  baseline?: boolean;
  target?: 'list' | 'write' | { ofBaseline: number };
  check?: (body: unknown, sizes: BenchSizes) => string | undefined;
}
export declare const TARGETS: Record<'list' | 'write', Record<'postgres' | 'pglite', number>>;
export declare const routes: BenchRoute[];
