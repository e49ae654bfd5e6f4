import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index';
import { createEquipmentViaApi, signupOwner, spanishDigestManager } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { multipartBody, pdfBytes } from '../../test/multipart';
import { runDigests } from './digest.service';

/**
 * The daily digest lists a renewal a document's expiry made (issue 42): the insurance certificate's
 * expiry is the machine's renewal task (category renewal), and the digest tells it like any task in its
 * warning window, in each reader's language. Read from the outbox (no SMTP needed to queue a digest).
 */
const t = useTestApp({ DIGEST_HOUR: '7', PUBLIC_URL: 'https://ems.example.test' });

const at = (iso: string) => t.clock.set(new Date(iso));
async function digestOf(address: string) {
  const [row] = await t.deps.systemDb
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody, html: mailOutbox.htmlBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address));
  return row;
}

describe('the digest and a renewal from a document', () => {
  it("lists the renewal task a document's expiry created, in each reader's language", async () => {
    at('2026-03-01T12:00:00Z');
    const o = await signupOwner(t.app);
    const m = await spanishDigestManager(t, o.companyId);
    // A machine with nothing else due: the renewal is the digest's only task.
    const truck = await createEquipmentViaApi(t.app, o.cookie, {
      name: 'Dump truck',
      currentUsage: 10,
      serviceInterval: 0,
    });
    const { payload, headers } = multipartBody(
      { title: 'Insurance 2026', category: 'insurance', expiresOn: '2026-03-20' },
      { name: 'policy.pdf', bytes: pdfBytes(2000) },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/equipment/${truck.id}/documents`,
      payload,
      headers: { ...headers, cookie: o.cookie, 'accept-language': 'en-US' },
    });
    expect(up.statusCode, up.body).toBe(201);

    at('2026-03-02T08:00:00Z');
    await runDigests(t.deps);
    const en = await digestOf(o.email);
    expect(en?.subject).toBe('Maintenance digest: 1 service task needs attention');
    expect(en?.text).toContain(
      '- Dump truck · Insurance (renewal) · Due Mar 20, 2026 (in 18 days): Renewal coming up',
    );
    expect(en?.html).toContain('>Insurance (renewal)</td>');
    const es = await digestOf(m.email!);
    expect(es?.subject).toBe('Resumen de mantenimiento: 1 tarea de servicio requiere atención');
    expect(es?.text).toContain('- Dump truck · Insurance (renovación) · ');
    expect(es?.text).toContain(': Renovación próxima');
  });
});
