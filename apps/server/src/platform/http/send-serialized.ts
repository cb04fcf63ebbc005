import type { FastifyReply } from 'fastify';

/**
 * Sends a JSON body serialised beforehand, already checked against the route's response
 * schema: as bytes, Fastify neither serialises it again nor measures and encodes a string.
 */
export function sendSerialized(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}
