import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** AES-256-GCM encryption at rest, keyed from APP_SECRET. Output: v1.<iv>.<tag>.<ciphertext> (base64url). */
export class SecretBox {
  private readonly key: Buffer;
  constructor(appSecret: string) {
    this.key = createHash('sha256').update(`ems:secret-box:${appSecret}`).digest();
  }
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [
      'v1',
      iv.toString('base64url'),
      tag.toString('base64url'),
      data.toString('base64url'),
    ].join('.');
  }
  decrypt(box: string): string {
    const [v, iv, tag, data] = box.split('.');
    if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
