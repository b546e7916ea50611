import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { foregroundWork } from '../db/client.ts';
import { createTestApp, createTestDatabase, signUpOwner } from '../test/harness.ts';
import { createForeground } from './foreground.ts';
import { createJobQueue, defineJob } from './queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('requests first: background work starts in a gap between requests', () => {
  it('gives a gap at once when no request is in flight', async () => {
    const foreground = createForeground({ maxWaitMs: 10_000 });
    let open = false;
    void foreground.gap().then(() => {
      open = true;
    });
    await tick();
    expect(open).toBe(true);
  });

  it('holds background work while a request is in flight and lets it go when the last one ends', async () => {
    const foreground = createForeground({ maxWaitMs: 10_000 });
    foreground.enter();
    foreground.enter();
    let open = false;
    void foreground.gap().then(() => {
      open = true;
    });
    foreground.leave();
    await tick();
    expect(open).toBe(false);
    foreground.leave();
    await tick();
    expect(open).toBe(true);
    expect(foreground.inFlight).toBe(0);
  });

  it('never holds it longer than maxWaitMs under a steady stream of requests', async () => {
    const foreground = createForeground({ maxWaitMs: 30 });
    foreground.enter();
    const started = Date.now();
    await foreground.gap();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(foreground.inFlight).toBe(1);
  });

  it('counts the app’s requests from their start to their response, refusals and 404s included', async () => {
    const t = await createTestApp();
    try {
      const enter = vi.spyOn(t.queue.foreground, 'enter');
      const leave = vi.spyOn(t.queue.foreground, 'leave');
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/funnels' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/no-such-file.png' })).statusCode).toBe(404);
      expect(enter).toHaveBeenCalledTimes(3);
      expect(leave).toHaveBeenCalledTimes(3);
      expect(t.queue.foreground.inFlight).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('a request’s reads and writes run as foreground work, after its body is parsed too', async () => {
    const t = await createTestApp();
    try {
      const owner = await signUpOwner(t.app);
      const marks: Array<true | undefined> = [];
      const db = t.database.db as unknown as Record<string, (...args: unknown[]) => unknown>;
      for (const method of ['select', 'insert', 'update', 'execute', 'transaction']) {
        const original = db[method] as (...args: unknown[]) => unknown;
        vi.spyOn(db, method as never).mockImplementation(((...args: unknown[]) => {
          marks.push(foregroundWork.getStore());
          return original.apply(t.database.db, args);
        }) as never);
      }
      // Over a socket, as a browser sends it: the body arrives as stream events.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const created = await fetch(`${address}/api/funnels`, {
        method: 'POST',
        headers: { ...owner.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { name: 'Foreground' } }),
      });
      expect(created.status).toBeLessThan(300);
      expect(marks.length).toBeGreaterThan(0);
      expect(marks.every((mark) => mark === true)).toBe(true);
      vi.restoreAllMocks();
      expect(foregroundWork.getStore()).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('a job sent while a request is in flight runs once the request ends', async () => {
    const database = await createTestDatabase();
    const foreground = createForeground({ maxWaitMs: 60_000 });
    const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5, foreground });
    const ran: number[] = [];
    const job = defineJob('test.after-requests', z.object({ n: z.number() }));
    queue.work(job, async ({ n }) => {
      ran.push(n);
    });
    await queue.start();
    try {
      foreground.enter();
      await queue.send(job, { n: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(ran).toEqual([]);
      foreground.leave();
      const until = Date.now() + 10_000;
      while (ran.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran).toEqual([1]);
    } finally {
      await queue.stop();
      await database.drop();
    }
  });
});
