import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION, redactText } from '../../shared/redaction/index.js';

/**
 * Secrets as OCR garbles them (issue 28): a look-alike in a prefix or label (l/I/1, O/0, rn/m,
 * S/5, vv/w), a separator read as another or as a space, a token split by one space, a PEM header
 * misspelled. Written from the way tesseract misreads terminal, browser and editor text, apart
 * from the detectors they judge. Each row: what the screen held, and the pieces of the secret that
 * must be gone from the stored text. The second table is what must stay as it is: prose, code and
 * hashes that look a little like the secrets above.
 */

const OAI = 'Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv';
const GH = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const STRIPE = '4eC39HqLyjWDarjtT1zdp7dc';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const JWT_H = 'eyJhbGciOiJIUzI1NiJ9';
const JWT_P = 'eyJzdWIiOiIxMjM0NTY3ODkwIn0';
const JWT_S = 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
const PW = 'Tr0ub4dor&3x';
const PEM_BODY = 'MIIEpAIBAAKCAQEA3Tz2mr7SuiDJp9qR\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU';

// [what the screen showed, pieces (4+ letters or digits) of the secret that must not survive]
const garbled: [string, string[]][] = [
  // Anthropic keys
  [`sk-ant-api03-Xy7Kq2LmNpR4 sT8vW1zA3bC5dE9fG0hJ`, ['Xy7Kq2LmNpR4', 'sT8vW1zA3bC5dE9fG0hJ']],
  [`sk-ant-api03-Xy7Kq2LmNpR4sT8vW1zA3b OpQrSt UvWx9182`, ['Xy7Kq2LmNpR4sT8vW1zA3b', 'OpQrSt', 'UvWx9182']],
  [`sk ant-api03-Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ`, ['Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ']],
  [`sk_ant-api03-Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ`, ['Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ']],
  [`sk-ant api03-Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ`, ['Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ']],
  [`sk—ant-api03-Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ`, ['Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ']],
  [`5k-ant-api03-Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ`, ['Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ']],
  [`sk-ant- api03-Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ`, ['Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ']],
  [`sk-ant-api03- Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ`, ['Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ']],
  [`rnot de passe: ${PW}`, ['Tr0ub4dor']],
  // OpenAI keys
  [`sk-proj- ${OAI}`, [OAI]],
  [`sk-proj-Ab3Cd5Ef7Gh9 Ij1Kl3Mn5Op7Qr9St1Uv`, ['Ab3Cd5Ef7Gh9', 'Ij1Kl3Mn5Op7Qr9St1Uv']],
  [`sk proj-${OAI}`, [OAI]],
  [`5k-proj-${OAI}`, [OAI]],
  [`sk adrnin-${OAI}`, [OAI]],
  // GitHub tokens
  [`ghp-${GH}`, [GH]],
  [`ghp ${GH}`, [GH]],
  [`ghp_A1b2C3d4E5f6G7h8 I9j0K1l2M3n4O5p6Q7r8`, ['A1b2C3d4E5f6G7h8', 'I9j0K1l2M3n4O5p6Q7r8']],
  [`9hp_${GH}`, [GH]],
  [`gh0_${GH}`, [GH]],
  [`github-pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN`, ['11ABCDEFG0123456789', 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN']],
  [`g1thub_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN`, ['11ABCDEFG0123456789', 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN']],
  // Stripe keys
  [`sk_Iive_${STRIPE}`, [STRIPE]],
  [`sk_1ive_${STRIPE}`, [STRIPE]],
  [`5k_live_${STRIPE}`, [STRIPE]],
  [`sk_live-${STRIPE}`, [STRIPE]],
  [`sk_live_4eC39HqLyj WDarjtT1zdp7dc`, ['4eC39HqLyj', 'WDarjtT1zdp7dc']],
  [`rk_Iive_${STRIPE}`, [STRIPE]],
  [`sk_te5t_${STRIPE}`, [STRIPE]],
  // Underscores on the baseline lost: a space in their place (screen bench day 5's chat)
  [`sk live ${STRIPE}`, [STRIPE]],
  [`sk_live ${STRIPE}`, [STRIPE]],
  [`rk test_${STRIPE}`, [STRIPE]],
  [`sk Iive ${STRIPE}`, [STRIPE]],
  // AWS access key ids
  ['AKlAIOSFODNN7EXAMPLE', ['IOSFODNN7EXAMPLE']],
  ['AK1AIOSFODNN7EXAMPLE', ['IOSFODNN7EXAMPLE']],
  ['AKIA IOSFODNN7EXAMPLE', ['IOSFODNN7EXAMPLE']],
  ['AKIAIOSFODNN7EX AMPLE', ['AKIAIOSFODNN7EX', 'AMPLE']],
  ['ASlAIOSFODNN7EXAMPLE', ['IOSFODNN7EXAMPLE']],
  ['AKIAI0SF0DNN7EXAMPlE', ['AKIAI0SF0DNN7EXAMPlE']],
  // AWS secret keys
  [`aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPx RfiCYEXAMPLEKEY`, ['wJalrXUtnFEMI', 'K7MDENG', 'RfiCYEXAMPLEKEY']],
  [`AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCY EXAMPLEKEY`, ['wJalrXUtnFEMI', 'K7MDENG', 'bPxRfiCY', 'EXAMPLEKEY']],
  [`aws_secret_access_key: wJalrXUtnFEMI /K7MDENG/bPxRfiCYEXAMPLEKEY`, ['wJalrXUtnFEMI', 'K7MDENG', 'bPxRfiCYEXAMPLEKEY']],
  [`aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLE KEY`, ['wJalrXUtnFEMI', 'K7MDENG', 'bPxRfiCYEXAMPLE']],
  [`AWS_SECRET_ACCE5S_KEY=${AWS_SECRET}`, ['wJalrXUtnFEMI', 'K7MDENG', 'bPxRfiCYEXAMPLEKEY']],
  // The unlabelled pair as a console prints it: key id, then the secret (same line or the next), OCR-split too
  [`AKIAZ7Q3W9E2R4T6Y8U1 ${AWS_SECRET}`, ['wJalrXUtnFEMI', 'K7MDENG', 'bPxRfiCYEXAMPLEKEY']],
  [`Access key ID  AKIAZ7Q3W9E2R4T6Y8U1\nSecret access key  ${AWS_SECRET}`, ['wJalrXUtnFEMI', 'K7MDENG', 'bPxRfiCYEXAMPLEKEY']],
  [`key AKlAZ7Q3W9E2R4T6Y8U1 secret wJalrXUtnFEMI/K7MDEN G/bPxRfiCYEXAMPLEKEY`, ['wJalrXUtnFEMI', 'K7MDEN', 'bPxRfiCYEXAMPLEKEY']],
  // Passwords
  [`P assword: ${PW}`, ['Tr0ub4dor']],
  [`Passw0rd: ${PW}`, ['Tr0ub4dor']],
  [`PASSW0RD= ${PW}`, ['Tr0ub4dor']],
  [`Pass word: ${PW}`, ['Tr0ub4dor']],
  [`Pa5sword: ${PW}`, ['Tr0ub4dor']],
  [`Passvvord: ${PW}`, ['Tr0ub4dor']],
  [`Pa ssw0rd: ${PW}`, ['Tr0ub4dor']],
  [`pass code: 48213917`, ['48213917']],
  // Slack tokens
  ['x0xb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx', ['123456789012', '1234567890123', 'AbCdEfGhIjKlMnOpQrStUvWx']],
  ['xoxb-123456789012-1234567890123-AbCdEfGh IjKlMnOpQrStUvWx', ['123456789012', '1234567890123', 'AbCdEfGh', 'IjKlMnOpQrStUvWx']],
  // Google API keys
  ['AIzaSyA-1234567890abcdefghij klmnopq12st', ['1234567890abcdefghij', 'klmnopq12st']],
  ['AlzaSyA-1234567890abcdefghijklmnopq12st', ['1234567890abcdefghijklmnopq12st']],
  // JWTs
  [`${JWT_H}. ${JWT_P}.${JWT_S}`, [JWT_H, JWT_P, 'dozjgNryP4J3jVmNHl0w5N', 'XgL0n3I9PlFUP0THsR8U']],
  [`${JWT_H}.${JWT_P}. ${JWT_S}`, [JWT_H, JWT_P, 'dozjgNryP4J3jVmNHl0w5N', 'XgL0n3I9PlFUP0THsR8U']],
  [`${JWT_H}.${JWT_P}.dozjgNryP4J3jVmN Hl0w5N_XgL0n3I9PlFUP0THsR8U`, [JWT_H, JWT_P, 'dozjgNryP4J3jVmN', 'Hl0w5N', 'XgL0n3I9PlFUP0THsR8U']],
  // Bearer tokens
  ['Authorization: Bearer 0123456789abcdef ghijKLMN', ['0123456789abcdef', 'ghijKLMN']],
  ['Authorization: Bearer 0123456789 abcdefghijKLMN', ['0123456789', 'abcdefghijKLMN']],
  ['Authorization: 8earer 0123456789abcdefghijKLMN', ['0123456789abcdefghijKLMN']],
  // PEM blocks whatever the header reads
  [`-----BEGIN RSA PRlVATE KEY-----\n${PEM_BODY}\n-----END RSA PRlVATE KEY-----`, ['MIIEpAIBAAKCAQEA3Tz2mr7SuiDJp9qR', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU']],
  [`-----BEGIN 0PENSSH PRIVATE KEY-----\n${PEM_BODY}\n-----END OPENSSH PRIVATE KEY-----`, ['MIIEpAIBAAKCAQEA3Tz2mr7SuiDJp9qR', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU']],
  [`----BEGIN PRIVATE KEY----\n${PEM_BODY}\n----END PRIVATE KEY----`, ['MIIEpAIBAAKCAQEA3Tz2mr7SuiDJp9qR', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU']],
  [`-----BEGlN EC PRIVATE KEY-----\n${PEM_BODY}\n-----END EC PRIVATE KEY-----`, ['MIIEpAIBAAKCAQEA3Tz2mr7SuiDJp9qR', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU']],
  [`-----BEGIN ENCRYPTED PRlVATE KEY-----\n${PEM_BODY}`, ['MIIEpAIBAAKCAQEA3Tz2mr7SuiDJp9qR', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU']],
  [`-----BEGIN PR1VATE KEY-----\n${PEM_BODY}\n-----END PR1VATE KEY-----`, ['MIIEpAIBAAKCAQEA3Tz2mr7SuiDJp9qR', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU']],
  [`-----BEGIN PGP PRIVATE KEY BL0CK-----\n${PEM_BODY}\n-----END PGP PRIVATE KEY BL0CK-----`, ['MIIEpAIBAAKCAQEA3Tz2mr7SuiDJp9qR', 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmU']],
  // Secrets in URLs read off an address bar or a terminal
  ['https://accounts.example.com/callback?code=4/0AX4XfWhQ2Lm9pRtY7uIoP3aSdFgHjKl&scope=email', ['4/0AX4XfWhQ2Lm9pRtY7uIoP3aSdFgHjKl'.slice(4)]],
  ['GET /cb?state=xyz&code=4/0AeaYSHBq7Xw2LmNpR4sT8vW1zA3bC5dE9fG', ['0AeaYSHBq7Xw2LmNpR4sT8vW1zA3bC5dE9fG']],
  ['https://acct.blob.core.windows.net/c/f.pdf?sv=2022-11-02&sig=Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ%3D', ['Xy7Kq2LmNpR4sT8vW1zA3bC5dE9fG0hJ']],
  ['https://ana:Hunt3r2xQ@db.example.com:5432/prod', ['Hunt3r2xQ']],
  ['https://example.com/export?auth=abc123def456ghi789&format=csv', ['abc123def456ghi789']],
  ['https://example.com/api?key=9f8e7d6c5b4a39281706abcd', ['9f8e7d6c5b4a39281706abcd']],
  ['postgres://admin:S3cretPa55@10.0.0.5/app', ['S3cretPa55']],
  // Labelled API keys and tokens with a look-alike in the label
  ['APl_KEY=9f8e7d6c5b4a39281706abcd', ['9f8e7d6c5b4a39281706abcd']],
  ['t0ken: 9f8e7d6c5b4a39281706abcd', ['9f8e7d6c5b4a39281706abcd']],
  ['cl1ent_secret: 9f8e7d6c5b4a39281706abcd', ['9f8e7d6c5b4a39281706abcd']],
  ['secret_key = 9f8e7d6c5b4a 39281706abcd', ['9f8e7d6c5b4a', '39281706abcd']],
];

// Prose, code and hashes that must stay exactly as they are.
const alike: string[] = [
  'We drove through Illinois and Mississippi last summer.',
  'Meet me at the passport office at 10; bring two photos.',
  'commit 3f2a9c1b7e4d6f8a0b2c4e6f8a1b3c5d7e9f0a1b\nAuthor: Ana Lima <ana@acme.com>',
  'a1b2c3d Fix login redirect\ne4f5a6b Add tests for the parser',
  'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08  app.tar.gz',
  'git rev-parse HEAD prints 9fceb02d0ae598e95dc970b74767f19372d61af8',
  'The task asks a simple question about desk lamps.',
  'He said sk ant colonies are fascinating to watch.',
  'The password manager opens when you click the key icon.',
  'Reset your Password: click the link below and follow the steps.',
  'Passwords must be at least twelve characters long.',
  'ASIA PACIFIC REGIONAL OFFICE',
  'AKA the Illuminati, according to the forum.',
  'use pwd to print the working directory',
  'const token = await getToken(userId);',
  'function parseKey(apiKeyName) { return apiKeyName.trim(); }',
  'const accessKeyId = config.aws.accessKeyId;',
  'AKIA is the prefix; commit 3f2a9c1d8e7b6a5f4c3d2e1f0a9b8c7d6e5f4a3b fixed the rotation script.',
  '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQk\n-----END CERTIFICATE-----',
  'The ghp_ prefix marks a GitHub token, and sk-ant- an Anthropic key.',
  'A JWT starts with eyJ because the header is JSON.',
  'https://example.com/search?q=weather+lisbon&lang=en',
  'https://github.com/engram/engram/pull/42/files',
  'Version 1.2.3 built on 2025-03-03 10:00:12',
  'iPhone 15 Pro Max, 256 GB, Space Black',
  'UUID 123e4567-e89b-12d3-a456-426614174000',
  'The passcode policy: at least six digits.',
  'Ollama runs llama3.1 8B Instruct on the laptop.',
  'Token Ring networks were common in the eighties.',
  'docker run -e MODE=prod -p 8080:80 nginx:latest',
  'SELECT * FROM users WHERE id = 42 ORDER BY created_at DESC',
  'Private key management talk at 3pm in room B.',
  'The Key West trip is booked for March.',
  'npm install react-dom@18.3.1 --save-exact',
  'Build #4821 passed: 312 tests, 0 failures, 41.2 s',
  'Pull request #4821 by @ana-lima merged into main',
  'The Olympic rnarathon starts at 9am in Oslo.',
  'Illustrator and InDesign are open side by side.',
  'ssh-keygen -t ed25519 -C "ana@laptop" writes the key to ~/.ssh/id_ed25519',
  'The API key field is empty; paste your key there.',
  'secret santa: draw names on Friday',
  'Our 5k live internationalization stream starts at noon.',
  'The 5k test results for 2026 are in the spreadsheet tab Marathonprep2026.',
];

describe('garbled secrets are redacted (issue 28)', () => {
  it(`the table holds at least 60 forms`, () => expect(garbled.length).toBeGreaterThanOrEqual(60));
  for (const [shown, pieces] of garbled) {
    it(JSON.stringify(shown.slice(0, 60)), () => {
      const text = `seen: ${shown} (end)`;
      const out = redactText(text, DEFAULT_REDACTION);
      expect(out.secrets.length, out.text).toBeGreaterThan(0);
      for (const p of pieces) expect(out.text, `"${p}" left in: ${out.text}`).not.toContain(p);
      // The words around it stay.
      expect(out.text.startsWith('seen: '), out.text).toBe(true);
      expect(out.text.endsWith(' (end)'), out.text).toBe(true);
    });
  }
});

describe('look-alike text that holds no secret stays as it is', () => {
  it('the table holds at least 30 forms', () => expect(alike.length).toBeGreaterThanOrEqual(30));
  for (const text of alike) {
    it(JSON.stringify(text.slice(0, 60)), () => {
      expect(redactText(text, DEFAULT_REDACTION)).toEqual({ text, secrets: [] });
    });
  }
});
