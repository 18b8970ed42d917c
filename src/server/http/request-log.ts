import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request log lines, reduced to one per request, written only when the operator asked by setting
 * LOG_LEVEL (`config.logRequests`), so a production log left at its default holds start-up, warnings and errors.
 * Fastify's own default is two lines per request (arrived, answered), three for an unknown route. The one line comes
 * when the request is answered, at `info`: the request as the logger's `req` serializer writes it (loggerOptions:
 * the address through logUrl, no token, no member id), the status and the time taken.
 */
export class RequestLogController extends LogController {
  constructor(logRequests: boolean) {
    super({ disableRequestLogging: !logRequests });
  }

  override incomingRequest(): void {
    // Said once, when answered (requestCompleted).
  }

  override routeNotFound(): void {
    // The answered line's 404 says it.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}
