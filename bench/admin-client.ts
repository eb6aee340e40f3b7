/**
 * Benchmarks' client of the reference server: calls go in-process through fastify inject (so the numbers
 * are the server's own work), or with `overHttp` through a real socket to the app listening on
 * 127.0.0.1 (what a browser or scanner pays: HTTP parsing, keep-alive connections), and ADMIN logs in
 * to the first organisation with the RSA-encrypted password. The HTTP client is node:http with a
 * keep-alive agent, not fetch: it runs on the server's own event loop, and fetch (undici) cost about
 * 1 ms more CPU a call there, counted as the server's.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SERVER_CONFIG } from '../server/config.ts';

export type BenchCall = (method: 'GET' | 'POST', url: string, init?: { token?: string; body?: object; org?: string }) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface AdminClientOptions {
  /** Real HTTP: the app is made to listen on a free port of 127.0.0.1 (the caller closes the app). */
  overHttp?: boolean;
}

export async function adminClient(app: FastifyInstance, options: AdminClientOptions = {}) {
  const headers = (init: { token?: string; org?: string }) => ({
    ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    ...(init.org ? { organizeid: init.org } : {}),
  });
  let call: BenchCall;
  if (options.overHttp) {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const agent = new Agent({ keepAlive: true });
    call = (method, url, init = {}) =>
      new Promise((resolve, reject) => {
        const payload = init.body ? Buffer.from(JSON.stringify(init.body)) : undefined;
        const req = request(
          `${base}${url}`,
          { method, agent, headers: { ...headers(init), ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}) } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('error', reject);
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString();
              if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}: ${text}`));
              else resolve(JSON.parse(text));
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
  } else {
    call = async (method, url, init = {}) => {
      const res = await app.inject({ method, url: `/api${url}`, headers: headers(init), ...(init.body ? { payload: init.body } : {}) });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return res.json();
    };
  }
  const key = (await call('GET', '/Auth/GetPublicKey')).data.PublicKey as string;
  const password = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(DEFAULT_SERVER_CONFIG.adminPassword)).toString('base64');
  const org = ((await call('GET', '/User/GetOrgInfo?userName=ADMIN')).data as { Id: string }[])[0].Id;
  const login = async () => {
    const body = await call('POST', '/Auth/GetToken', { org, body: { UserName: 'ADMIN', Password: password } });
    if (body.ErrorInfo.Status) throw new Error(body.ErrorInfo.Message);
    return body.Result as { Token: string; Userinfo: { ROLE_ID: string } };
  };
  return { call, org, login };
}
