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
  path: string | ((sizes: BenchSizes, vars?: unknown) => string);
  as: 'super' | 'admin' | 'advisor' | null;
  method?: string;
  status?: number;
  body?: unknown;
  /** Before the row: what its requests need (read or made through the API as the row's account). */
  setup?: (
    api: { get: (path: string) => Promise<unknown>; post: (path: string, body: unknown) => Promise<unknown> },
    sizes: BenchSizes,
  ) => Promise<unknown>;
  /** The row's i-th request, when they differ: its path (else `path`) and body. */
  each?: (i: number, vars: unknown) => { path?: string; body?: unknown };
  baseline?: boolean;
  target?: 'list' | 'write' | { ofBaseline: number };
  check?: (body: unknown, sizes: BenchSizes) => string | undefined;
}
export declare const TARGETS: Record<'list' | 'write', Record<'postgres' | 'pglite', number>>;
export declare const TENFOLD_TARGETS: { list: { postgres: number } };
export declare const routes: BenchRoute[];
