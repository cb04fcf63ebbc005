/**
 * The API-key column of the route × role table (decision 149): every row also runs with a read
 * key and a write key of company A and a write key of company B. What they get follows from the
 * route's own `config.apiKey`, so a row needs no hand edit; `AccessRow.apiKey` overrides it.
 */
import type { ApiKeyScope } from '@candor/domain';
import { KeyClient } from '../api-key-fixtures';
import type { TestApp } from '../test-app';
import type { AccessRow, Expect } from './access-outcomes';
import type { Role, World } from './world';

export type KeyRole = 'keyRead' | 'keyWrite' | 'keyOtherCompany';
export const KEY_ROLES: readonly KeyRole[] = [
  'keyRead',
  'keyWrite',
  'keyOtherCompany',
];

/** Whose ids and bodies a key's call uses: A's keys act as A's owner, B's as B's user. */
export const KEY_ACTS_AS: Record<KeyRole, Role> = {
  keyRead: 'owner',
  keyWrite: 'owner',
  keyOtherCompany: 'otherCompany',
};

const CLOSED: Expect = [403];

/** A key of A gets what the owner gets where its scope is enough; B's key what B's user gets. */
export function keyExpectations(
  row: AccessRow,
  needs: ApiKeyScope | undefined,
): Record<KeyRole, Expect> {
  const derived = needs
    ? {
        keyRead: needs === 'read' ? row.owner : CLOSED,
        keyWrite: row.owner,
        keyOtherCompany: row.otherCompany,
      }
    : { keyRead: CLOSED, keyWrite: CLOSED, keyOtherCompany: CLOSED };
  return { ...derived, ...row.apiKey };
}

export function keyClients(t: TestApp, w: World): Record<KeyRole, KeyClient> {
  return {
    keyRead: new KeyClient(t.app, w.apiKeys.readA.secret),
    keyWrite: new KeyClient(t.app, w.apiKeys.writeA.secret),
    keyOtherCompany: new KeyClient(t.app, w.apiKeys.writeB.secret),
  };
}
