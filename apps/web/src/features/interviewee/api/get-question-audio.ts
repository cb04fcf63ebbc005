import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * A spoken question's audio, fetched whole into memory (a few tens of KB): the next question's
 * is fetched while the candidate answers the current one, so it plays the moment it shows
 * (decision 175).
 */
export async function getQuestionAudio(
  url: string,
  signal?: AbortSignal,
): Promise<Blob> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok)
    throw new Error(`The question's audio answered ${response.status}`);
  return response.blob();
}

/**
 * The audio as an address in this page's memory. It is never revoked: an interview's spoken
 * questions take a few hundred KB at most, and an address revoked while the query keeps it
 * would play nothing.
 */
export const questionAudioQuery = (url: string) =>
  queryOptions({
    queryKey: ['interviewee', 'question-audio', url] as const,
    queryFn: async ({ signal }) => {
      const address = URL.createObjectURL(await getQuestionAudio(url, signal));
      loadedPlayer(address);
      return address;
    },
    staleTime: Infinity,
    // The page shows the text at once instead of trying again; a reload asks again.
    retry: false,
  });

export const useQuestionAudio = (url: string | null) =>
  useQuery({ ...questionAudioQuery(url ?? ''), enabled: url !== null });

const players = new Map<string, HTMLAudioElement>();

/**
 * An audio element that has loaded the question's audio since it was fetched ahead: shown, it
 * starts playing without first reading and decoding the file, which on a busy phone takes
 * longer than the fetch saved.
 */
export function loadedPlayer(address: string): HTMLAudioElement {
  let player = players.get(address);
  if (!player) {
    player = new Audio();
    player.preload = 'auto';
    player.src = address;
    players.set(address, player);
  }
  return player;
}
