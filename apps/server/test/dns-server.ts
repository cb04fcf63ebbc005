import dns2 from 'dns2';

/**
 * A DNS server on loopback answering the TXT records a test sets, and nothing else (NXDOMAIN),
 * so domain verification talks real DNS without the internet (decision 201).
 */
export async function startDnsServer() {
  const records = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const texts = question
        ? records.get(question.name.toLowerCase())
        : undefined;
      if (question && texts && question.type === dns2.Packet.TYPE.TXT)
        for (const text of texts)
          response.answers.push(
            dns2.Packet.createResourceFromQuestion(question, {
              ttl: 1,
              data: text,
            }),
          );
      else response.header.rcode = 3;
      send(response);
    },
  });
  const { udp } = await server.listen({
    udp: { port: 0, address: '127.0.0.1' },
  });
  return {
    address: `127.0.0.1:${udp?.port ?? 0}`,
    setTxt(name: string, texts: string[]) {
      records.set(name.toLowerCase(), texts);
    },
    close: () => server.close(),
  };
}
