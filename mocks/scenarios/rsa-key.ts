/**
 * A fixed RSA key pair for the mock back end ONLY (published in this repository, so worthless as
 * a secret): the login and password forms encrypt with the public half exactly as against a real
 * server, and the mock decrypts with the private half, so a wrong password really is wrong.
 * 1024 bits: node-forge decrypts that in about 10 ms against about 90 ms for 2048, which keeps
 * component tests (three passwords per password change) quick. Still fits a 32-character password.
 */
export const MOCK_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDeuDIv5iLi3O6o3Yb2ynR4APCb
C4/z+jba+AJIB45UTFuQvXao9I+hcsJLd1ZT+7cy8l8b+Fwj/JeYFWiOVGVBZosZ
5kRmPYw1CJTjeh/IiJcyi4KBKlhwtpqCiuCz4XZXo+SFwkRPcPUAMQkFMb9AlDUg
WvyMczEE93BKlyHM8wIDAQAB
-----END PUBLIC KEY-----`;

export const MOCK_PRIVATE_KEY_PEM = `-----BEGIN RSA PRIVATE KEY-----
MIICXAIBAAKBgQDeuDIv5iLi3O6o3Yb2ynR4APCbC4/z+jba+AJIB45UTFuQvXao
9I+hcsJLd1ZT+7cy8l8b+Fwj/JeYFWiOVGVBZosZ5kRmPYw1CJTjeh/IiJcyi4KB
KlhwtpqCiuCz4XZXo+SFwkRPcPUAMQkFMb9AlDUgWvyMczEE93BKlyHM8wIDAQAB
AoGAS6zSgKv1lpfzD7WVsi1APbY0Crp3AzM1iFlUjRzkI4h+ZEO8GdRfKUBQ/Etk
Lc0NhmYMIvjUdfXRnH9Js3LBpEDqT2vqqU6ipoLjO1e5Pc7jg7J4E0tPHt8VdeWz
B7oh6vBIgSym2KNjegIO6yGJUN5UPoOgY0r0n7pliPk/12ECQQDwNOlntcOstwI+
MmFE3ADO4H3Zl9dGNWUPJo+fNnEm3SkZfw1wRogFofEtdfy0HePVxwID3cqw9AAn
UxaP1VatAkEA7VzyBVDooeTR+VDTG7CzoN3PQG14sanNpAAOA/sKVmxtAmDazrQA
95QFEEFxDldAmt7pIwgNdUKNWr7BuR1GHwJAPCg0MCoAWFf48tSxMYqblTP5sK3r
VwT2S0YQAAKlceM/cMg1+GFhnW+CNC1xXTaDIb3WTluUcJ6bDz4qz1jRfQJBAIVr
p0bBseG+YyCHBAMekfmsdGC8qAkFb2ft9/LY23i0vZmGo7doitqfQzFd95SeCtyC
y/06+4WcASSu8OmCwPUCQAgsRVKMwyWn3+XIfqdQB9i4cEtwp/5jRzadE2S/Kalx
174gI3yeHaM2QcVAXDNrD0FERvhUgbMB4QC+b83SWUY=
-----END RSA PRIVATE KEY-----`;
