import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer } from './response-serializer';

const person = z.object({ id: z.number().int(), name: z.string() });

const reply = z.object({
  title: z.string(),
  count: z.number().int(),
  average: z.number().nullable(),
  ready: z.boolean(),
  stage: z.enum(['Responded', 'Reviewed']),
  deadline: z.iso.datetime().nullable(),
  note: z.string().optional(),
  owner: person.nullable(),
  people: z.array(person),
  stats: z.record(z.string(), z.object({ all: z.number() })),
  answer: z.union([z.string(), z.number()]),
});

const data = {
  title: 'Line one\n"quoted" \\ back – café 🎥 \u2028',
  count: 3,
  average: 4.25,
  ready: false,
  stage: 'Reviewed',
  deadline: '2026-11-23T10:00:00.000Z',
  owner: { id: 1, name: 'Grace' },
  people: [
    { id: 2, name: 'Ada' },
    { id: 3, name: '' },
  ],
  stats: { responded: { all: 7 }, reviewed: { all: 0 } },
  answer: 42,
};

const zodReply = (value: unknown) =>
  JSON.stringify(reply.encode(value as never));

describe('compiled response serializer', () => {
  // The same JSON; optional fields may come last, and key order means nothing to a client.
  it('writes what the zod check and JSON.stringify write', () => {
    const serialize = compileSerializer(reply);
    const variants = [
      data,
      { ...data, note: 'kept', answer: 'text' },
      { ...data, average: null, deadline: null, owner: null, people: [] },
    ];
    for (const variant of variants)
      expect(JSON.parse(serialize(variant))).toEqual(
        JSON.parse(zodReply(variant)),
      );
  });

  it('leaves out every field the schema does not declare, nested ones too', () => {
    const serialize = compileSerializer(reply);
    const withSecrets = {
      ...data,
      token: 'interviewee-secret',
      owner: { id: 1, name: 'Grace', password_hash: 'x' },
      people: [{ id: 2, name: 'Ada', email: 'ada@example.com' }],
    };
    const written = serialize(withSecrets);
    expect(written).not.toMatch(/interviewee-secret|password_hash|ada@example/);
    expect(JSON.parse(written)).toEqual(JSON.parse(zodReply(withSecrets)));
  });

  it('accepts the schema as fastify-type-provider-zod passes it, inside properties', () => {
    expect(
      compileSerializer({ properties: person })({ id: 1, name: 'A' }),
    ).toBe('{"id":1,"name":"A"}');
  });
});
