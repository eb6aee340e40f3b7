/**
 * The reference server (server/main.ts, from the bundle `npm start` runs) as a real process, for tests
 * that must end it the hard way (kill -9) and start it again on the same data: start until its ready
 * line, call it over HTTP like a browser does (login with the RSA-encrypted password), kill it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const READY_LINE = 'Portal ready:';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerSettings {
  /** PostgreSQL; without it the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  /** DEMO_DATA=off unless true. */
  demoData?: boolean;
  /** A built portal to serve (default none: the API only). */
  portalDir?: string;
  /** Where the server's bundle is made and kept, inside the project (its packages come from node_modules); default where `npm start` keeps it, .cache/server. */
  bundleDir?: string;
}

export interface HttpAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read into the JSON they expect
  body: any;
}

/** One started server process. */
export class SpawnedServer {
  readonly baseUrl: string;
  /** Resolves with the exit code or signal when the process has ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private text = '';
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 32 });
  private publicKey?: string;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    child.stdout!.on('data', (chunk) => (this.text += chunk));
    child.stderr!.on('data', (chunk) => (this.text += chunk));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get pid(): number {
    return this.child.pid!;
  }

  output(): string {
    return this.text;
  }

  /** Starts `node server/launch.mjs main` (server/main.ts) and resolves once it prints its ready line (rejects if it exits first). */
  static async start(settings: ServerSettings, timeoutMs = 120_000): Promise<SpawnedServer> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      CAPTCHA: 'off',
      DEMO_DATA: settings.demoData ? 'on' : 'off',
      // No built portal: the API is what these tests drive.
      PORTAL_DIR: settings.portalDir ?? path.join(ROOT, 'no-portal-build'),
      DATABASE_URL: settings.databaseUrl ?? '',
      DATA_DIR: settings.dataDir ?? '',
    };
    delete env.ADMIN_PASSWORD;
    if (settings.bundleDir) env.SERVER_BUNDLE_DIR = settings.bundleDir;
    // As `npm start` runs it: from the bundle of the sources (made first when they changed), not through tsx.
    const child = spawn(process.execPath, ['server/launch.mjs', 'main'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const server = new SpawnedServer(child, port);
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`the server was not ready after ${timeoutMs} ms:\n${server.text}`)), timeoutMs);
      const onData = () => {
        if (!server.text.includes(READY_LINE)) return;
        clearTimeout(timer);
        ready();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      void server.exited.then(({ code, signal }) => {
        clearTimeout(timer);
        fail(new Error(`the server ended (${code ?? signal}) before it was ready:\n${server.text}`));
      });
    });
    return server;
  }

  /** kill -9; resolves when the process is gone. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
    this.agent.destroy();
  }

  /** SIGTERM (the server closes its database properly); resolves when the process is gone. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await this.exited;
    this.agent.destroy();
  }

  /** An API call (path relative to /api); a lost connection rejects. */
  call(method: 'GET' | 'POST', apiPath: string, options: { body?: unknown; token?: string; orgId?: string; query?: Record<string, string> } = {}): Promise<HttpAnswer> {
    const url = new URL(`/api${apiPath}`, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string> = {};
    if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length) });
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.orgId) headers.organizeid = options.orgId;
    return new Promise((resolve, reject) => {
      const req = request(url, { method, headers, agent: this.agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: response.statusCode!, body: text ? JSON.parse(text) : undefined });
          } catch {
            resolve({ status: response.statusCode!, body: text });
          }
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** POST calls as the holder of `token` in `orgId`: each answers its data, and any answer but 200 throws, naming the call. */
  caller(token: string, orgId: string) {
    return async (apiPath: string, body?: unknown, query?: Record<string, string>) => {
      const answer = await this.call('POST', apiPath, { body, token, orgId, query });
      if (answer.status !== 200) throw new Error(`${apiPath} ${JSON.stringify(body)}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.data;
    };
  }

  /** Logs in as the login form does; returns the token. */
  async login(userName: string, password: string, orgId: string): Promise<string> {
    this.publicKey ??= (await this.call('GET', '/Auth/GetPublicKey')).body.data.PublicKey as string;
    const encrypted = publicEncrypt({ key: this.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
    const { body } = await this.call('POST', '/Auth/GetToken', { orgId, body: { UserName: userName, Password: encrypted } });
    if (body?.ErrorInfo?.Status) throw new Error(`login of ${userName} refused: ${body.ErrorInfo.Message}`);
    return body.Result.Token as string;
  }
}
