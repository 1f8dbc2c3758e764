import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries: no content sniffing, no framing by other sites, no referrer to
 * other origins. API answers (personal data) are never cached; file URLs set their own caching.
 */
export function registerSecurityHeaders(app: FastifyInstance, apiPrefix: string): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'same-origin');
    if (request.url.startsWith(apiPrefix) && !reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
