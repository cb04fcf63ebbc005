import { useEffect, useRef } from 'react';

/**
 * Uses an e-mailed link's token once when its page opens: the link works only once, and
 * React's StrictMode runs an effect twice.
 */
export function useLinkOnce(token: string, use: (token: string) => void) {
  const used = useRef<string>(undefined);
  useEffect(() => {
    if (used.current === token) return;
    used.current = token;
    use(token);
  }, [token, use]);
}
