/**
 * Documents on machines and records (issue 42), on PGlite and (TEST_DB=postgres) PostgreSQL: upload,
 * list, download byte for byte, Range and ETag, the 25 MB limit and the plan's storage, types read from
 * the bytes, filenames, other companies, keys, the typed record, Delete Forever and retire.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@domain/plans';
import type { DocumentDto } from '@domain/schemas/documents';
import type { CreatedApiKeyDto } from '@domain/schemas/integrations';
import { document } from '../../db/schema/index';
import { useTestApp } from '../../test/helpers';
import { multipartBody, pdfBytes } from '../../test/multipart';
import {
  addSignedInUser,
  call,
  createEquipmentViaApi,
  type SignedIn,
  signupOwner,
  statusOf,
} from '../../test/factories';

const t = useTestApp();

const MB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

type Auth = { cookie?: string; token?: string };
const authHeaders = (a: Auth): Record<string, string> =>
  a.token ? { authorization: `Bearer ${a.token}` } : a.cookie ? { cookie: a.cookie } : {};

function upload(
  who: Auth,
  url: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
) {
  const { payload, headers } = multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...authHeaders(who) },
  });
}
const get = (who: Auth, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...authHeaders(who), ...headers } });

async function uploadOk(
  who: Auth,
  equipmentId: string,
  file: { name: string; bytes: Buffer; type?: string },
  fields: Record<string, string> = {},
): Promise<DocumentDto> {
  const res = await upload(
    who,
    `/api/equipment/${equipmentId}/documents`,
    { title: 'Operator manual', category: 'manual', ...fields },
    file,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DocumentDto>();
}

async function rows(companyId: string) {
  const r = await t.deps.systemDb.execute(
    sql`select (select count(*)::int from document where company_id = ${companyId}) as docs,
               (select count(*)::int from document_chunk where company_id = ${companyId}) as chunks`,
  );
  return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows)[0] as {
    docs: number;
    chunks: number;
  };
}

async function historyKinds(o: SignedIn, equipmentId: string) {
  const res = await call(t.app, o.cookie, 'GET', `/api/equipment/${equipmentId}/history?limit=50`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ entries: { kind: string; text: string }[] }>().entries.map((e) => e.kind);
}

let owner: SignedIn;
let machine: string;
beforeAll(async () => {
  owner = await signupOwner(t.app);
  machine = (await createEquipmentViaApi(t.app, owner.cookie)).id;
});

describe('documents: upload, list, download', () => {
  it('stores a PDF as sent and answers it byte for byte, with ETag, Range and the safety headers', async () => {
    const bytes = pdfBytes(600 * 1024 + 123); // three chunks, the last one short
    const doc = await uploadOk(
      owner,
      machine,
      { name: 'manual.pdf', bytes, type: 'application/pdf' },
      { expiresOn: '2027-03-31', notes: 'Keep in the cab' },
    );
    expect(doc).toMatchObject({
      title: 'Operator manual',
      category: 'manual',
      filename: 'manual.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      sha256: sha(bytes),
      expiresOn: '2027-03-31',
      notes: 'Keep in the cab',
      equipmentIds: [machine],
      hasThumbnail: false,
    });
    expect(doc.uploadedBy.length).toBeGreaterThan(0);
    expect(Date.parse(doc.uploadedAt)).not.toBeNaN();

    const list = await get(owner, `/api/equipment/${machine}/documents`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<DocumentDto[]>().map((d) => d.id)).toContain(doc.id);
    const one = await get(owner, `/api/documents/${doc.id}`);
    expect(one.json<DocumentDto>()).toEqual(doc);

    const file = await get(owner, `/api/documents/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(sha(file.rawPayload)).toBe(doc.sha256);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-length']).toBe(String(bytes.length));
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe('sandbox');
    expect(file.headers['content-disposition']).toMatch(/^inline; /);
    expect(file.headers.etag).toBe(`"${doc.sha256}"`);

    const again = await get(owner, `/api/documents/${doc.id}/file`, {
      'if-none-match': `"${doc.sha256}"`,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    // A range across a chunk boundary (256 KB), an open range and a suffix.
    const from = 256 * 1024 - 10;
    const part = await get(owner, `/api/documents/${doc.id}/file`, {
      range: `bytes=${from}-${from + 99}`,
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${from}-${from + 99}/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(from, from + 100))).toBe(true);
    const tail = await get(owner, `/api/documents/${doc.id}/file`, { range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 500))).toBe(true);
    const rest = await get(owner, `/api/documents/${doc.id}/file`, {
      range: `bytes=${bytes.length - 7}-`,
    });
    expect(rest.rawPayload.equals(bytes.subarray(bytes.length - 7))).toBe(true);
    const outside = await get(owner, `/api/documents/${doc.id}/file`, {
      range: `bytes=${bytes.length}-`,
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${bytes.length}`);
    // If-Range with another tag: the whole file.
    const changed = await get(owner, `/api/documents/${doc.id}/file`, {
      range: 'bytes=0-9',
      'if-range': '"other"',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(bytes.length);

    expect(await historyKinds(owner, machine)).toContain('document_added');
  });

  it('makes a thumbnail of a photo and of a HEIC at upload, none for an unreadable HEIC, and lists newest first', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie);
    const jpeg = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 80, b: 20 } },
    })
      .jpeg()
      .toBuffer();
    const photo = await uploadOk(
      o,
      m.id,
      { name: 'IMG_0042.jpg', bytes: jpeg, type: 'image/jpeg' },
      { title: 'Dent on the bucket', category: 'photo' },
    );
    expect(photo).toMatchObject({ contentType: 'image/jpeg', hasThumbnail: true });
    const thumb = await get(o, `/api/documents/${photo.id}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);

    // A phone's HEIC photo (test/fixtures/README.md): decoded to pixels, then the same WebP.
    const heic = readFileSync(new URL('../../test/fixtures/phone-64x48.heic', import.meta.url));
    const phone = await uploadOk(
      o,
      m.id,
      { name: 'IMG_0043.HEIC', bytes: heic, type: 'image/heic' },
      { title: 'Serial plate', category: 'photo' },
    );
    expect(phone).toMatchObject({ contentType: 'image/heic', hasThumbnail: true });
    const heicThumb = await get(o, `/api/documents/${phone.id}/thumbnail`);
    expect(heicThumb.statusCode).toBe(200);
    expect(heicThumb.headers['content-type']).toBe('image/webp');
    const heicMeta = await sharp(heicThumb.rawPayload).metadata();
    // Smaller than 320 px: kept at its own size, not enlarged.
    expect([heicMeta.format, heicMeta.width, heicMeta.height]).toEqual(['webp', 64, 48]);
    // Its pixels are the photo's: blue on the left half, not on the right.
    const { data, info } = await sharp(heicThumb.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const blueAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 2] ?? -1;
    expect(blueAt(8, 24)).toBeGreaterThan(150);
    expect(blueAt(56, 24)).toBeLessThan(90);
    // A HEIC is not drawn by every browser: it downloads.
    const heicFile = await get(o, `/api/documents/${phone.id}/file`);
    expect(heicFile.headers['content-disposition']).toMatch(/^attachment; /);
    expect(sha(heicFile.rawPayload)).toBe(sha(heic));

    // A "HEIC" its decoder cannot read (the right signature, junk after it): stored, with its icon.
    const junk = Buffer.alloc(4096, 0x5a);
    junk.writeUInt32BE(24, 0);
    junk.write('ftypheic', 4);
    junk.write('mif1heic', 16);
    const broken = await uploadOk(
      o,
      m.id,
      { name: 'IMG_0044.HEIC', bytes: junk, type: 'image/heic' },
      { title: 'Broken photo', category: 'photo' },
    );
    expect(broken).toMatchObject({ contentType: 'image/heic', hasThumbnail: false, size: 4096 });
    expect((await get(o, `/api/documents/${broken.id}/thumbnail`)).statusCode).toBe(404);
    expect((await get(o, `/api/documents/${broken.id}/file`)).rawPayload.equals(junk)).toBe(true);

    const list = await get(o, `/api/equipment/${m.id}/documents`);
    expect(list.json<DocumentDto[]>().map((d) => d.id)).toEqual([broken.id, phone.id, photo.id]);
  });

  it('accepts a file of 25 MB and refuses one of 26 MB with 413, storing nothing', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie);
    const big = pdfBytes(25 * MB);
    const ok = await uploadOk(o, m.id, { name: 'big.pdf', bytes: big });
    expect(ok.size).toBe(25 * MB);
    const back = await get(o, `/api/documents/${ok.id}/file`);
    expect(sha(back.rawPayload)).toBe(sha(big));
    const before = await rows(o.companyId);

    const res = await upload(
      o,
      `/api/equipment/${m.id}/documents`,
      { title: 'Too big', category: 'manual' },
      { name: 'bigger.pdf', bytes: pdfBytes(26 * MB) },
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ key: 'documents.tooLarge', params: { max: 25 } });
    expect(await rows(o.companyId)).toEqual(before);

    // The same without a Content-Length to go by: refused while it streams, nothing kept.
    const { payload, headers } = multipartBody(
      { title: 'Too big', category: 'manual' },
      { name: 'bigger.pdf', bytes: pdfBytes(25 * MB + 1) },
    );
    const streamed = await t.app.inject({
      method: 'POST',
      url: `/api/equipment/${m.id}/documents`,
      payload,
      headers: { 'content-type': headers['content-type']!, cookie: o.cookie, 'content-length': '' },
    });
    expect(streamed.statusCode, streamed.body).toBe(413);
    expect(await rows(o.companyId)).toEqual(before);
  }, 120_000);

  it("refuses going over the plan's storage with 413 naming the limit, and the subscription shows used/limit", async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie);
    const limit = PLANS.basic.storageBytes;
    // The company's earlier files (their bytes do not matter here): 1 MB short of the limit.
    await t.deps.systemDb.insert(document).values({
      companyId: o.companyId,
      title: 'Earlier files',
      category: 'other',
      filename: 'earlier.pdf',
      contentType: 'application/pdf',
      size: limit - 1 * MB,
      sha256: 'x',
      chunkSize: 256 * 1024,
      state: 'stored',
      uploadedByName: 'Test',
    });
    const sub = await call(t.app, o.cookie, 'GET', '/api/subscription');
    expect(sub.json<{ storage: { used: number; limit: number } }>().storage).toEqual({
      used: limit - 1 * MB,
      limit,
    });
    const before = await rows(o.companyId);
    const res = await upload(
      o,
      `/api/equipment/${m.id}/documents`,
      { title: 'Scan', category: 'receipt' },
      { name: 'scan.pdf', bytes: pdfBytes(2 * MB) },
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ key: 'documents.storageFull', params: { limit: '2 GB' } });
    expect(res.json<{ message: string }>().message).toContain('2 GB');
    expect(await rows(o.companyId)).toEqual(before);
    // What still fits is accepted.
    await uploadOk(o, m.id, { name: 'small.pdf', bytes: pdfBytes(512 * 1024) });
  });
});

describe('documents: types read from the bytes', () => {
  it('refuses HTML named .pdf, SVG, a script and an executable with 415, storing nothing', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie);
    const exe = Buffer.alloc(4096);
    exe.write('MZ');
    const forged: [string, Buffer][] = [
      ['invoice.pdf', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script>')],
      [
        'logo.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>'),
      ],
      ['logo2.svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['run.txt', Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['notes.csv', Buffer.from('a,b\n1,<script>alert(1)</script>\n')],
      ['setup.pdf', exe],
      ['bad.txt', Buffer.from([0x61, 0xff, 0xfe, 0x62])],
    ];
    for (const [name, bytes] of forged) {
      const res = await upload(
        o,
        `/api/equipment/${m.id}/documents`,
        { title: name, category: 'other' },
        { name, bytes, type: 'application/pdf' },
      );
      expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      expect(res.json().key).toBe('documents.type');
    }
    expect(await rows(o.companyId)).toEqual({ docs: 0, chunks: 0 });
  });

  it('keeps UTF-8 text as text and sends it as an attachment; an accented filename round-trips', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie);
    const name = 'Recibo de reparación – año 2026.csv';
    const bytes = Buffer.from('pieza,costo\nfiltro de aceite,12.50\nmano de obra,40\n');
    const doc = await uploadOk(
      o,
      m.id,
      { name, bytes, type: 'text/html' },
      { title: 'Recibo', category: 'receipt' },
    );
    expect(doc).toMatchObject({ filename: name, contentType: 'text/csv' });
    const file = await get(o, `/api/documents/${doc.id}/file`);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe(name);
    expect(file.rawPayload.equals(bytes)).toBe(true);

    // Path parts and control characters are taken out of a name.
    const odd = await uploadOk(
      o,
      m.id,
      { name: '..\\..\\C:\\temp\\Póliza\u0007 seguro.pdf', bytes: pdfBytes(100) },
      { title: 'Póliza', category: 'insurance' },
    );
    expect(odd.filename).toBe('Póliza seguro.pdf');
  });
});

describe('documents: other companies, roles and keys', () => {
  it("another company's document is 404 everywhere, also through links, and the read cache keeps them apart", async () => {
    const a = await signupOwner(t.app);
    const b = await signupOwner(t.app);
    const ma = await createEquipmentViaApi(t.app, a.cookie);
    const mb = await createEquipmentViaApi(t.app, b.cookie);
    const doc = await uploadOk(a, ma.id, { name: 'a.pdf', bytes: pdfBytes(1000) });
    // A's list is answered (and kept by the embedded database's read cache) first.
    expect((await get(a, `/api/equipment/${ma.id}/documents`)).json<DocumentDto[]>()).toHaveLength(
      1,
    );
    for (const url of [
      `/api/documents/${doc.id}`,
      `/api/documents/${doc.id}/file`,
      `/api/documents/${doc.id}/thumbnail`,
      `/api/equipment/${ma.id}/documents`,
    ])
      expect((await get(b, url)).statusCode, url).toBe(404);
    expect((await get(b, `/api/equipment/${mb.id}/documents`)).json()).toEqual([]);
    expect(
      await statusOf(t.app, b.cookie, 'PATCH', `/api/documents/${doc.id}`, { title: 'x' }),
    ).toBe(404);
    expect(await statusOf(t.app, b.cookie, 'DELETE', `/api/documents/${doc.id}`)).toBe(404);
    // B cannot link A's document to B's machine, nor A link it to B's machine.
    expect(
      await statusOf(t.app, b.cookie, 'POST', `/api/documents/${doc.id}/machines`, {
        equipmentIds: [mb.id],
      }),
    ).toBe(404);
    expect(
      await statusOf(t.app, a.cookie, 'POST', `/api/documents/${doc.id}/machines`, {
        equipmentIds: [mb.id],
      }),
    ).toBe(404);
    const upToB = await upload(
      a,
      `/api/equipment/${mb.id}/documents`,
      { title: 'x', category: 'other' },
      { name: 'x.pdf', bytes: pdfBytes(100) },
    );
    expect(upToB.statusCode).toBe(404);
    expect((await get(a, `/api/documents/${doc.id}/file`)).statusCode).toBe(200);
  });

  it('operators read; only owners and managers write; keys need read or write', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie);
    const doc = await uploadOk(o, m.id, { name: 'm.pdf', bytes: pdfBytes(2000) });
    const op = await addSignedInUser(t.deps.systemDb, 'operator', o.companyId, {});
    expect((await get(op, `/api/equipment/${m.id}/documents`)).statusCode).toBe(200);
    expect((await get(op, `/api/documents/${doc.id}/file`)).statusCode).toBe(200);
    const opUp = await upload(
      op,
      `/api/equipment/${m.id}/documents`,
      { title: 'x', category: 'other' },
      { name: 'x.pdf', bytes: pdfBytes(100) },
    );
    expect(opUp.statusCode).toBe(403);

    const key = async (scopes: string[]) => {
      const res = await call(t.app, o.cookie, 'POST', '/api/api-keys', { name: 'DMS', scopes });
      expect(res.statusCode, res.body).toBe(201);
      return { token: res.json<CreatedApiKeyDto>().token };
    };
    const reader = await key(['read']);
    expect((await get(reader, `/api/equipment/${m.id}/documents`)).statusCode).toBe(200);
    const readFile = await get(reader, `/api/documents/${doc.id}/file`);
    expect(sha(readFile.rawPayload)).toBe(doc.sha256);
    const denied = await upload(
      reader,
      `/api/equipment/${m.id}/documents`,
      { title: 'x', category: 'other' },
      { name: 'x.pdf', bytes: pdfBytes(100) },
    );
    expect(denied.statusCode).toBe(403);
    const writer = await key(['write']);
    const made = await upload(
      writer,
      `/api/equipment/${m.id}/documents`,
      { title: 'From the DMS', category: 'insurance', expiresOn: '2027-01-31' },
      { name: 'policy.pdf', bytes: pdfBytes(3000) },
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<DocumentDto>().uploadedBy).toBe('DMS');
  });

  it('refuses a bad form with 400 and stores nothing', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie);
    const url = `/api/equipment/${m.id}/documents`;
    const file = { name: 'a.pdf', bytes: pdfBytes(300 * 1024) };
    const noTitle = await upload(o, url, { category: 'manual' }, file);
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fieldErrors).toHaveProperty('title');
    const badCategory = await upload(o, url, { title: 'x', category: 'tax' }, file);
    expect(badCategory.json().key).toBe('documents.categoryInvalid');
    const badDate = await upload(
      o,
      url,
      { title: 'x', category: 'insurance', expiresOn: '2027-02-30' },
      file,
    );
    expect(badDate.statusCode).toBe(400);
    const noFile = await upload(o, url, { title: 'x', category: 'manual' });
    expect(noFile.json().key).toBe('documents.fileMissing');
    const json = await call(t.app, o.cookie, 'POST', url, { title: 'x' });
    expect(json.statusCode).toBe(415);
    expect(await rows(o.companyId)).toEqual({ docs: 0, chunks: 0 });
  });
});

describe('documents: changes, links, records and the typed record', () => {
  it('changes, replaces, links to more machines and removes, each recorded', async () => {
    const o = await signupOwner(t.app);
    const m1 = await createEquipmentViaApi(t.app, o.cookie);
    const m2 = await createEquipmentViaApi(t.app, o.cookie);
    const first = await uploadOk(
      o,
      m1.id,
      { name: 'ins-2026.pdf', bytes: pdfBytes(1000) },
      { title: 'Insurance 2026', category: 'insurance', expiresOn: '2026-12-31' },
    );
    const patched = await call(t.app, o.cookie, 'PATCH', `/api/documents/${first.id}`, {
      notes: 'Policy 123',
      expiresOn: null,
    });
    expect(patched.json<DocumentDto>()).toMatchObject({ notes: 'Policy 123', expiresOn: null });

    const second = await uploadOk(
      o,
      m1.id,
      { name: 'ins-2027.pdf', bytes: pdfBytes(1200) },
      { title: 'Insurance 2027', category: 'insurance', replaces: first.id },
    );
    const list = (await get(o, `/api/equipment/${m1.id}/documents`)).json<DocumentDto[]>();
    expect(list.map((d) => d.id)).toEqual([second.id]);
    expect((await get(o, `/api/documents/${first.id}`)).json<DocumentDto>().replacedBy).toBe(
      second.id,
    );
    // Replacing a document of another machine is refused.
    const wrong = await upload(
      o,
      `/api/equipment/${m2.id}/documents`,
      { title: 'x', category: 'insurance', replaces: second.id },
      { name: 'x.pdf', bytes: pdfBytes(100) },
    );
    expect(wrong.statusCode).toBe(400);

    const linked = await call(t.app, o.cookie, 'POST', `/api/documents/${second.id}/machines`, {
      equipmentIds: [m2.id, m1.id],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(new Set(linked.json<DocumentDto>().equipmentIds)).toEqual(new Set([m1.id, m2.id]));
    expect((await get(o, `/api/equipment/${m2.id}/documents`)).json<DocumentDto[]>()).toHaveLength(
      1,
    );
    const removed = await call(t.app, o.cookie, 'DELETE', `/api/documents/${second.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await get(o, `/api/documents/${second.id}/file`)).statusCode).toBe(404);

    const kinds1 = await historyKinds(o, m1.id);
    expect(kinds1).toEqual(
      expect.arrayContaining(['document_added', 'document_replaced', 'document_removed']),
    );
    const kinds2 = await historyKinds(o, m2.id);
    expect(kinds2).toEqual(expect.arrayContaining(['document_added', 'document_removed']));
    const es = await t.app.inject({
      method: 'GET',
      url: `/api/equipment/${m1.id}/history?limit=50`,
      headers: { cookie: o.cookie, 'accept-language': 'es' },
    });
    const texts = es.json<{ entries: { text?: string }[] }>().entries.map((e) => e.text ?? '');
    expect(texts.join('\n')).toMatch(
      /Documento reemplazado \(antes “Insurance 2026”\): Insurance 2027 \(seguro\)/,
    );
  });

  it('holds files on work orders and service entries, listed there and on the machine', async () => {
    const o = await signupOwner(t.app);
    const m = await createEquipmentViaApi(t.app, o.cookie);
    const wo = await call(t.app, o.cookie, 'POST', '/api/work-orders', {
      equipmentId: m.id,
      title: 'Hydraulic leak',
      kind: 'repair',
    });
    expect(wo.statusCode, wo.body).toBe(201);
    const woId = wo.json<{ id: string }>().id;
    const receipt = await upload(
      o,
      `/api/work-orders/${woId}/documents`,
      { title: 'Hose receipt', category: 'receipt' },
      { name: 'receipt.pdf', bytes: pdfBytes(4000) },
    );
    expect(receipt.statusCode, receipt.body).toBe(201);
    expect(receipt.json<DocumentDto>()).toMatchObject({ workOrderId: woId, equipmentIds: [m.id] });
    const woList = await get(o, `/api/work-orders/${woId}/documents`);
    expect(woList.json<DocumentDto[]>().map((d) => d.title)).toEqual(['Hose receipt']);

    const served = await call(t.app, o.cookie, 'PATCH', `/api/equipment/${m.id}/reset-service`, {
      notes: 'Oil change',
    });
    expect(served.statusCode, served.body).toBe(200);
    const hist = await call(
      t.app,
      o.cookie,
      'GET',
      `/api/equipment/${m.id}/history?kind=service&limit=5`,
    );
    const entryId = hist.json<{ entries: { id: string }[] }>().entries[0]!.id;
    const invoice = await upload(
      o,
      `/api/service-entries/${entryId}/documents`,
      { title: 'Invoice', category: 'receipt' },
      { name: 'invoice.pdf', bytes: pdfBytes(4000) },
    );
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(
      (await get(o, `/api/service-entries/${entryId}/documents`)).json<DocumentDto[]>(),
    ).toHaveLength(1);
    const onMachine = (await get(o, `/api/equipment/${m.id}/documents`)).json<DocumentDto[]>();
    expect(onMachine.map((d) => d.title).sort()).toEqual(['Hose receipt', 'Invoice']);
    expect(
      (await get(o, `/api/work-orders/00000000-0000-4000-8000-000000000000/documents`)).statusCode,
    ).toBe(404);
  });

  it("Delete Forever removes a machine's files but those on another machine; retiring keeps them", async () => {
    const o = await signupOwner(t.app);
    const m1 = await createEquipmentViaApi(t.app, o.cookie);
    const m2 = await createEquipmentViaApi(t.app, o.cookie);
    const only = await uploadOk(o, m1.id, { name: 'only.pdf', bytes: pdfBytes(300 * 1024) });
    const shared = await uploadOk(o, m1.id, { name: 'shared.pdf', bytes: pdfBytes(1000) });
    await call(t.app, o.cookie, 'POST', `/api/documents/${shared.id}/machines`, {
      equipmentIds: [m2.id],
    });
    const retired = await call(t.app, o.cookie, 'POST', `/api/equipment/${m1.id}/retire`, {});
    expect(retired.statusCode, retired.body).toBe(200);
    expect((await get(o, `/api/documents/${only.id}/file`)).statusCode).toBe(200);
    expect((await get(o, `/api/equipment/${m1.id}/documents`)).json<DocumentDto[]>()).toHaveLength(
      2,
    );

    const gone = await call(t.app, o.cookie, 'DELETE', `/api/equipment/${m1.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await get(o, `/api/documents/${only.id}`)).statusCode).toBe(404);
    const kept = await get(o, `/api/documents/${shared.id}`);
    expect(kept.json<DocumentDto>().equipmentIds).toEqual([m2.id]);
    const left = await t.deps.systemDb
      .select({ id: document.id })
      .from(document)
      .where(eq(document.companyId, o.companyId));
    expect(left.map((r) => r.id)).toEqual([shared.id]);
    expect((await rows(o.companyId)).chunks).toBe(1);
  });
});
