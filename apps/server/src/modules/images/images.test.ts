import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  IMAGE_MISSING_MESSAGE,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  MAX_IMAGE_BYTES,
} from '@funnelwork/domain';
import { ACCESS_DENIED_SERVER_MESSAGE } from '@funnelwork/domain/rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../../storage/s3-storage.ts';
import { createTestApp, signUpOwner, type TestApp } from '../../test/harness.ts';
import { apiClient, memberOf } from '../funnels/funnels.fixtures.ts';

/** A 1×1 PNG and a 2×3 GIF, as a browser would upload them. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.concat([
  Buffer.from('GIF89a', 'ascii'),
  Buffer.from([2, 0, 3, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
  Buffer.from([0x2c, 0, 0, 0, 0, 2, 0, 3, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b]),
]);

function multipart(file: { name: string; bytes: Buffer; type?: string; field?: string }) {
  const boundary = `----funnelwork${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  app: FastifyInstance,
  auth: Record<string, string>,
  file: Parameters<typeof multipart>[0],
  query = '',
) {
  const body = multipart(file);
  return app.inject({
    method: 'POST',
    url: `/api/images${query}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

describe('images and image folders (spec §7.6 "Images and image-folders CRUD")', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'funnelwork-images-'));
    t = await createTestApp({ config: { dataDir, publicUrl: 'http://localhost:3999' } });
    owner = await signUpOwner(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores an upload under DATA_DIR and serves it at its absolute /media URL with safe headers', async () => {
    const res = await upload(t.app, owner.auth, {
      name: 'C:\\photos\\hero shot.png',
      bytes: PNG,
      type: 'image/png',
    });
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data;
    expect(image).toMatchObject({
      name: 'hero shot.png',
      content_type: 'image/png',
      size_bytes: PNG.length,
      width: 1,
      height: 1,
      folder_id: null,
    });
    expect(image.image_url).toMatch(/^http:\/\/localhost:3999\/media\/\d+\/[0-9a-f]{24}\.png$/);
    const mediaPath = new URL(image.image_url).pathname;
    expect(fs.readFileSync(path.join(dataDir, 'uploads', mediaPath.replace('/media/', '')))).toEqual(PNG);

    const served = await t.app.inject({ method: 'GET', url: mediaPath });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
  });

  it('tells the type by the bytes: a script named .png is refused with 415, and so is SVG', async () => {
    const fake = await upload(t.app, owner.auth, {
      name: 'evil.png',
      bytes: Buffer.from('<script>alert(1)</script>'),
      type: 'image/png',
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toMatchObject({ message: IMAGE_TYPE_MESSAGE, field: 'file' });
    const svg = await upload(t.app, owner.auth, {
      name: 'logo.svg',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      type: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(415);
  });

  it('refuses an image over 10 MB with 413 and stores nothing', async () => {
    const before = (await apiClient(t.app, owner.auth).get('images')).json().meta.count;
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const res = await upload(t.app, owner.auth, { name: 'huge.png', bytes: big, type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ message: IMAGE_SIZE_MESSAGE, field: 'file' });
    expect((await apiClient(t.app, owner.auth).get('images')).json().meta.count).toBe(before);
  });

  it('answers 400 naming the file when the request holds no file', async () => {
    const json = await apiClient(t.app, owner.auth).post('images', { name: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toMatchObject({ message: IMAGE_MISSING_MESSAGE, field: 'file' });
    const wrongField = await upload(t.app, owner.auth, { name: 'a.png', bytes: PNG, field: 'picture' });
    expect(wrongField.statusCode).toBe(400);
  });

  it('keeps images in folders: list per folder, move, rename, and deleting a folder keeps its images', async () => {
    const api = apiClient(t.app, owner.auth);
    const folder = (await api.post('image-folders', { name: 'Products' })).json().data;
    expect(folder).toMatchObject({ name: 'Products', images_count: 0 });
    const gif = (
      await upload(t.app, owner.auth, { name: 'dot.gif', bytes: GIF }, `?folder_id=${folder.id}`)
    ).json().data;
    expect(gif).toMatchObject({ folder_id: folder.id, content_type: 'image/gif', width: 2, height: 3 });
    expect(
      (await api.get('images', { folder_id: folder.id })).json().data.map((i: { id: number }) => i.id),
    ).toEqual([gif.id]);
    expect((await api.get('image-folders')).json().data).toEqual([
      expect.objectContaining({ id: folder.id, images_count: 1 }),
    ]);
    expect((await api.patch(`image-folders/${folder.id}`, { name: 'Shop' })).json().data).toMatchObject({
      id: folder.id,
      name: 'Shop',
      images_count: 1,
    });
    expect((await api.patch(`images/${gif.id}`, { name: 'Dot' })).json().data.name).toBe('Dot');

    expect((await api.delete(`image-folders/${folder.id}`)).statusCode).toBe(200);
    expect((await api.get(`images/${gif.id}`)).json().data.folder_id).toBeNull();
    expect(
      (await api.get('images', { folder_id: 0 })).json().data.map((i: { id: number }) => i.id),
    ).toContain(gif.id);
    const missingFolder = await upload(
      t.app,
      owner.auth,
      { name: 'a.png', bytes: PNG },
      `?folder_id=${folder.id}`,
    );
    expect(missingFolder.statusCode).toBe(404);
  });

  it('deleting an image removes its file, and /media then answers 404', async () => {
    const image = (await upload(t.app, owner.auth, { name: 'gone.png', bytes: PNG })).json().data;
    const mediaPath = new URL(image.image_url).pathname;
    expect((await apiClient(t.app, owner.auth).delete(`images/${image.id}`)).statusCode).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'uploads', mediaPath.replace('/media/', '')))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: mediaPath })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/1/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
  });

  it("answers 403 'restricted area: access denied' to uploads and changes without the editor flag", async () => {
    const member = await memberOf(t, owner, { funnels: true });
    const res = await upload(t.app, member.auth, { name: 'a.png', bytes: PNG });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(ACCESS_DENIED_SERVER_MESSAGE);
    expect((await member.api.post('image-folders', { name: 'X' })).statusCode).toBe(403);
    expect((await member.api.get('images')).statusCode).toBe(200);
  });
});

describe('S3-compatible storage (S3_BUCKET)', () => {
  /** The S3 calls the storage makes, answered like S3 does, recording what it received. */
  function fakeS3() {
    const objects = new Map<string, { body: Buffer; type: string | undefined }>();
    const requests: Array<{ method: string; url: string; authorization: string | undefined }> = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        requests.push({
          method: req.method ?? '',
          url: req.url ?? '',
          authorization: req.headers.authorization,
        });
        const key = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
        if (req.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: req.headers['content-type'] });
          res.writeHead(200, { etag: '"1"' }).end();
        } else if (req.method === 'GET') {
          const object = objects.get(key);
          if (!object) {
            res
              .writeHead(404, { 'content-type': 'application/xml' })
              .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
          } else {
            res
              .writeHead(200, { 'content-type': object.type ?? '', 'content-length': object.body.length })
              .end(object.body);
          }
        } else if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204).end();
        } else res.writeHead(405).end();
      });
    });
    return { server, objects, requests };
  }

  it('puts, gets and deletes objects in the bucket, signed with the configured key', async () => {
    const s3 = fakeS3();
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
    const t = await createTestApp({
      config: {
        publicUrl: 'http://localhost:3999',
        s3: {
          bucket: 'shop-media',
          endpoint,
          region: 'eu-west-1',
          accessKeyId: 'AKTEST',
          secretAccessKey: 'secret-test',
        },
      },
    });
    try {
      const owner = await signUpOwner(t.app);
      const res = await upload(t.app, owner.auth, { name: 'a.png', bytes: PNG });
      expect(res.statusCode, res.body).toBe(201);
      const image = res.json().data;
      const key = new URL(image.image_url).pathname.replace('/media/', '');
      expect(s3.objects.get(`/shop-media/${key}`)).toEqual({ body: PNG, type: 'image/png' });
      expect(s3.requests[0]?.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKTEST\/\d{8}\/eu-west-1\/s3\//,
      );
      expect(s3.requests.some((r) => r.authorization?.includes('secret-test'))).toBe(false);

      const served = await t.app.inject({ method: 'GET', url: `/media/${key}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload).toEqual(PNG);

      expect((await apiClient(t.app, owner.auth).delete(`images/${image.id}`)).statusCode).toBe(200);
      expect(s3.objects.size).toBe(0);
    } finally {
      await t.close();
      s3.server.close();
    }
  });

  it('answers a public bucket URL when S3_PUBLIC_URL is set, and null for a missing object', async () => {
    const s3 = fakeS3();
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
    const storage = createS3Storage(
      {
        bucket: 'b',
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'A',
        secretAccessKey: 'S',
        publicBaseUrl: 'https://cdn.example.com/',
      },
      { publicUrl: 'http://localhost:3000' },
    );
    try {
      expect(storage.urlOf('1/0123456789abcdef01234567.png')).toBe(
        'https://cdn.example.com/1/0123456789abcdef01234567.png',
      );
      expect(await storage.get('1/0123456789abcdef01234567.png')).toBeNull();
      await expect(storage.put('../escape.png', PNG, 'image/png')).rejects.toThrow('not a storage key');
    } finally {
      s3.server.close();
    }
  });
});
