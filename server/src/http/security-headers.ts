import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Headers every answer carries, from helmet: a Content-Security-Policy with no inline script or
 * style (WebAssembly may be compiled, from our own files only), no plugins, no <base>, no framing; nosniff; a same-origin referrer. Images may come from
 * blob: and data: URLs (the photo pickers preview a chosen file). HSTS only when the request came
 * over TLS (directly or, with TRUST_PROXY, through a proxy), since plain-HTTP installs exist.
 * API answers (personal data) are never cached; file URLs set their own caching.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { apiPrefix: string; extraOrigins: string[] },
): Promise<void> {
  const self = ["'self'", ...options.extraOrigins];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The pass scanner decodes QR codes in WebAssembly (compiled from our own .wasm file).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'"],
        imgSrc: [...self, 'blob:', 'data:'],
        mediaSrc: [...self, 'blob:'],
        connectSrc: self,
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    hsts: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith(options.apiPrefix) && !reply.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
