// The renderer's calls to the gateway: GETs over node:http on kept-alive connections (fetch's
// machinery costs a page more than the gateway's answers do), conditional when an earlier answer's
// ETag is known (the gateway answers 304, without a body, while its cached bytes are the same).
import { Agent, request } from 'node:http';

/** One answer: its status, its ETag if the gateway gave one, its body as text. */
export interface GatewayAnswer {
  status: number;
  etag: string | null;
  text: string;
}

export class Gateway {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64, keepAliveMsecs: 30_000 });
  private readonly url: URL;

  /** `origin`: e.g. http://127.0.0.1:8080. */
  constructor(origin: string) {
    this.url = new URL(origin);
    if (this.url.protocol !== 'http:') throw new Error(`GATEWAY_URL must be http://host:port, not ${origin}`);
  }

  /**
   * GET `path` (path and query, as the app writes it). With `etag`, null when the gateway still has
   * those very bytes (304). Rejects when no answer came (the gateway down, or `signal` aborted).
   */
  get(path: string, signal: AbortSignal, etag?: string | null): Promise<GatewayAnswer | null> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (etag) headers['If-None-Match'] = etag;
      const call = request(
        { host: this.url.hostname, port: this.url.port || 80, path, agent: this.agent, headers, signal },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status === 304) return resolve(null);
            const header = response.headers.etag;
            resolve({ status, etag: typeof header === 'string' ? header : null, text: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      call.on('error', reject);
      call.end();
    });
  }
}
