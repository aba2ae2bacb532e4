/**
 * A self-signed certificate for the hosted sign-in's HTTPS port, made at each start: Amplify only
 * builds `https://{domain}/oauth2/...` addresses. It names `localhost` and `127.0.0.1`; clients
 * trust exactly this one (Node: `ca: certificatePem`; Chromium: the SPKI hash, see spkiSha256).
 */
import { createHash, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

export interface SelfSignedCertificate {
  /** The certificate, PEM. */
  pem: string;
  /** Its private key, PKCS#8 PEM. */
  keyPem: string;
  /** Base64 SHA-256 of the DER SubjectPublicKeyInfo, as Chromium's --ignore-certificate-errors-spki-list takes it. */
  spkiSha256: string;
}

const DAY_MS = 86_400_000;

/** Base64 SHA-256 of a certificate's DER SubjectPublicKeyInfo. */
export function spkiSha256Of(certificatePem: string): string {
  const spki = new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

export function makeSelfSignedCertificate(
  hostNames = ['localhost'],
  addresses = ['127.0.0.1'],
): SelfSignedCertificate {
  // Node makes the key (fast, native); node-forge only writes and signs the X.509 structure.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  // A positive serial: the top bit of the first byte clear.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date(Date.now() - DAY_MS);
  certificate.validity.notAfter = new Date(Date.now() + 30 * DAY_MS);
  const subject = [{ name: 'commonName', value: hostNames[0] ?? 'localhost' }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        ...hostNames.map((value) => ({ type: 2, value })),
        ...addresses.map((ip) => ({ type: 7, ip })),
      ],
    },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  const pem = forge.pki.certificateToPem(certificate);
  return { pem, keyPem, spkiSha256: spkiSha256Of(pem) };
}
