import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BmError } from '../../../src/errors.js';
import { mayPrompt, storageLabel, TimedSecretStore, type Secret, type SecretStore } from '../../../src/profiles/secrets.js';

/** A keychain that never answers (a locked Secret Service waiting on a prompt); it honours the abort signal. */
class HangingStore implements SecretStore {
  readonly kind = 'keychain' as const;
  readonly where = 'a hanging keychain';
  aborted = 0;
  private hang(signal?: AbortSignal): Promise<never> {
    return new Promise((_r, reject) => signal?.addEventListener('abort', () => {
      this.aborted++;
      reject(new Error('aborted'));
    }));
  }
  get(_p: string, s?: AbortSignal): Promise<Secret | undefined> { return this.hang(s); }
  set(_p: string, _x: Secret, s?: AbortSignal): Promise<void> { return this.hang(s); }
  delete(_p: string, s?: AbortSignal): Promise<boolean> { return this.hang(s); }
}

function isKeychainTimeout(e: unknown): boolean {
  return e instanceof BmError && e.category === 'config' && e.exitCode === 5 && /no answer within 0.2 s/.test(e.message) && /--insecure-storage/.test(e.details.hint ?? '');
}

for (const op of ['get', 'set', 'delete'] as const) {
  test(`a hanging keychain ${op} fails at the deadline with exit 5 and a hint naming --insecure-storage`, async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const inner = new HangingStore();
    const store = new TimedSecretStore(inner, 200);
    let failed = false;
    const call = (op === 'set' ? store.set('p', { key: 'k', secret: 's', memo: 'm' }) : store[op]('p')).catch((e: unknown) => {
      failed = true;
      throw e;
    });
    t.mock.timers.tick(199);
    await Promise.resolve();
    assert.equal(failed, false, 'still waiting before the deadline');
    assert.equal(inner.aborted, 0);
    t.mock.timers.tick(1);
    await assert.rejects(call, isKeychainTimeout);
    assert.equal(inner.aborted, 1, 'the backend call was aborted');
  });
}

test('answers and errors of a working backend pass through', async () => {
  const value = { key: 'k', secret: 's', memo: 'm' };
  const ok: SecretStore = {
    kind: 'keychain', where: 'x',
    get: async () => value, set: async () => {}, delete: async () => true,
  };
  const store = new TimedSecretStore(ok, 200);
  assert.deepEqual(await store.get('p'), value);
  assert.equal(await store.delete('p'), true);
  const failing: SecretStore = { ...ok, get: async () => { throw new BmError('config', 'boom'); } };
  await assert.rejects(new TimedSecretStore(failing, 200).get('p'), /boom/);
});

test('storage labels flag the insecure file', () => {
  assert.equal(storageLabel({ venue: 'sandbox', hasCredentials: true }), 'keychain');
  assert.equal(storageLabel({ venue: 'sandbox', hasCredentials: true, insecureStorage: true }), 'file (insecure)');
  assert.equal(storageLabel({ venue: 'sandbox' }), '');
});

test('a long deadline says once that it is waiting; a short one stays quiet', async (t) => {
  // Mock timers: the store's 1.7 s answer and the 1.5 s notice take no time and cannot race.
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let said = 0;
  const slowValue: SecretStore = {
    kind: 'keychain', where: 'x',
    get: () => new Promise((r) => setTimeout(() => r(undefined), 1700)), set: async () => {}, delete: async () => true,
  };
  const got = new TimedSecretStore(slowValue, 5000, () => said++).get('p');
  t.mock.timers.tick(1499);
  assert.equal(said, 0, 'quiet before 1.5 s');
  t.mock.timers.tick(1);
  assert.equal(said, 1, 'said at 1.5 s');
  t.mock.timers.tick(200);
  assert.equal(await got, undefined);
  assert.equal(said, 1, 'said once');
  const hung = new TimedSecretStore(new HangingStore(), 300, () => said++).get('p');
  t.mock.timers.tick(300);
  await assert.rejects(hung, isKeychainTimeoutOf(0.3));
  assert.equal(said, 1, 'a short deadline says nothing');
});

function isKeychainTimeoutOf(s: number) {
  return (e: unknown) => e instanceof BmError && e.exitCode === 5 && e.message.includes(`within ${s} s`);
}

test('a long deadline only where a person may face an unlock dialog', () => {
  assert.equal(mayPrompt({}, false, 'darwin'), false);
  assert.equal(mayPrompt({}, true, 'darwin'), true);
  assert.equal(mayPrompt({}, true, 'win32'), true);
  assert.equal(mayPrompt({}, true, 'linux'), false);
  assert.equal(mayPrompt({ DISPLAY: ':0' }, true, 'linux'), true);
  assert.equal(mayPrompt({ WAYLAND_DISPLAY: 'wayland-0' }, false, 'linux'), false);
});
