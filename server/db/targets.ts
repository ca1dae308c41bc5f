/**
 * Which PostgreSQL server a connection reaches, when DATABASE_URL names more than one: the
 * multi-host connection strings of libpq (`postgres://user@node1:5432,node2:5432/db
 * ?target_session_attrs=read-write`), which node-postgres does not read itself. Each new
 * connection goes to the host that last served the wanted kind of session and checks it (one
 * `SHOW transaction_read_only`); a host that refuses or is of the wrong kind (a standby, for a
 * read-write connection) sends the next attempt to the next host. After a failover (docs/SCALING.md)
 * the old primary refuses and the promoted standby answers read-write: the pools follow it on their
 * own, without a restart or a configuration change.
 *
 * Behind a transaction-mode pooler without prepared statement support (PgBouncer before 1.21,
 * Debian 12's 1.18), named prepared statements would meet a server connection that never parsed
 * them: DATABASE_POOLER=transaction sends every statement unnamed (parsed each time, still with
 * bound parameters).
 */
import pg from 'pg';

export type TargetSessionAttrs = 'any' | 'read-write' | 'primary' | 'read-only' | 'standby';
const ATTRS = new Set<TargetSessionAttrs>(['any', 'read-write', 'primary', 'read-only', 'standby']);

export interface Targets {
  /** One connection string per host, in the order given, without `target_session_attrs`. */
  hosts: string[];
  attrs: TargetSessionAttrs;
}

/**
 * Splits a (possibly multi-host) connection string into one string per host. Ports default to
 * 5432, or to the one given in `port=` when a host carries none, as libpq does.
 */
export function parseTargets(url: string): Targets {
  const m = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/.exec(url);
  if (!m) throw new Error('DATABASE_URL is not a postgres:// connection string');
  const [, scheme, userinfo = '', hostList, rest] = m;
  const [pathPart, query = ''] = rest.split(/\?(.*)/s, 2);
  const params = new URLSearchParams(query);
  const raw = (params.get('target_session_attrs') ?? 'any') as TargetSessionAttrs;
  if (!ATTRS.has(raw)) throw new Error(`target_session_attrs=${raw} is not one of ${[...ATTRS].join(', ')}`);
  params.delete('target_session_attrs');
  const search = params.toString();
  const hosts = hostList.split(',').map((entry) => {
    const host = entry.trim();
    const hasPort = /:\d+$/.test(host) && !/^\[[^\]]*\]$/.test(host);
    const withPort = hasPort || !host ? host : `${host}:${params.get('port') ?? '5432'}`;
    return `${scheme}${userinfo}${withPort}${pathPart}${search ? `?${search}` : ''}`;
  });
  return { hosts, attrs: raw };
}

/** Whether a session with this `transaction_read_only` is the kind wanted. */
export function acceptsSession(attrs: TargetSessionAttrs, readOnly: boolean): boolean {
  if (attrs === 'read-write' || attrs === 'primary') return !readOnly;
  if (attrs === 'read-only' || attrs === 'standby') return readOnly;
  return true;
}

/** A host answered, but with the wrong kind of session: the request may be sent again (503). */
export class WrongSessionError extends Error {
  readonly code = '08001';
  constructor(attrs: TargetSessionAttrs) {
    super(`Connection terminated: no host offered a ${attrs} session`);
  }
}

/** The host new connections go to: the last one that served, moving on when one fails. */
export class HostResolver {
  private index = 0;
  constructor(readonly targets: Targets) {}
  get multi(): boolean {
    return this.targets.hosts.length > 1;
  }
  get attempts(): number {
    return this.targets.hosts.length;
  }
  current(): { index: number; url: string } {
    return { index: this.index, url: this.targets.hosts[this.index] };
  }
  /** The host at `index` failed: the next attempt goes to the next host (once per failure). */
  failed(index: number): void {
    if (index === this.index) this.index = (this.index + 1) % this.targets.hosts.length;
  }
  /** Whether a connected client's session is the wanted kind (no query when any will do). */
  async accepts(client: pg.Client): Promise<boolean> {
    if (this.targets.attrs === 'any') return true;
    const res = await client.query<{ transaction_read_only: string }>('SHOW transaction_read_only');
    return acceptsSession(this.targets.attrs, res.rows[0]?.transaction_read_only === 'on');
  }
}

type ClientConfig = pg.ClientConfig & { connectionString?: string };

/**
 * The pg.Client class a pool makes its connections with: the resolver's current host, checked
 * once connected; statements unnamed when `unnamed` (a transaction-mode pooler).
 */
export function targetedClient(
  resolver: HostResolver,
  withOptions: (url: string) => string,
  unnamed: boolean,
): new (config?: Omit<pg.ClientConfig, 'connectionString'>) => pg.Client {
  return class TargetedClient extends pg.Client {
    private readonly hostIndex: number;
    constructor(config?: ClientConfig) {
      const { index, url } = resolver.current();
      super({ ...config, connectionString: withOptions(url) });
      this.hostIndex = index;
    }

    // pg-pool calls connect(callback); everyone else awaits it.
    connect(): Promise<pg.Client>;
    connect(callback: (err: Error) => void): void;
    connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      const done: Promise<pg.Client> = super.connect().then(
        async () => {
          let ok = false;
          try {
            ok = await resolver.accepts(this);
          } catch (err) {
            resolver.failed(this.hostIndex);
            await this.end().catch(() => undefined);
            throw err;
          }
          if (!ok) {
            resolver.failed(this.hostIndex);
            await this.end().catch(() => undefined);
            throw new WrongSessionError(resolver.targets.attrs);
          }
          return this;
        },
        (err: unknown) => {
          resolver.failed(this.hostIndex);
          throw err;
        },
      );
      if (!callback) return done;
      done.then(() => callback(undefined as unknown as Error), callback);
    }

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    query(...args: any[]): any {
      const [config] = args;
      if (unnamed && config && typeof config === 'object' && 'name' in config && config.name) {
        args[0] = { ...config, name: undefined };
      }
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const result = (super.query as any)(...args);
      // A session that became read-only under a read-write pool (a switchover demoted its server)
      // is ended, so that the pool drops it rather than handing it out again.
      if (result && typeof result.catch === 'function' && resolver.targets.attrs !== 'any') {
        result.catch((err: { code?: string }) => {
          if (err?.code === '25006') {
            resolver.failed(this.hostIndex);
            void this.end().catch(() => undefined);
          }
        });
      }
      return result;
    }
  };
}
