import { describe, expect, it } from 'vitest';
import { generatePassword, generatedSecretString } from './secrets-manager-templates';

const ARN = 'arn:aws:secretsmanager:eu-west-2:000000000000:secret:Shutterlane-Data-PagingTokenSecret-Ab12Cd';
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

describe('generated secret values', () => {
  it("follows the data stack's spec: 48 letters and digits, the same at every start", () => {
    const spec = { PasswordLength: 48, ExcludePunctuation: true };
    const value = generatePassword(ARN, spec);
    expect(value).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(value).toMatch(/[a-z]/);
    expect(value).toMatch(/[A-Z]/);
    expect(value).toMatch(/[0-9]/);
    expect(generatePassword(ARN, spec)).toBe(value);
    expect(generatePassword(`${ARN.slice(0, -1)}e`, spec)).not.toBe(value);
  });

  it("uses CloudFormation's defaults: 32 characters, punctuation included, no space", () => {
    const values = Array.from({ length: 20 }, (_, i) => generatePassword(`${ARN}${i}`, {}));
    for (const value of values) {
      expect(value).toHaveLength(32);
      expect(value).toMatch(PUNCTUATION);
      expect(value).not.toContain(' ');
    }
  });

  it('leaves out excluded classes and characters, and puts in a space when asked', () => {
    const value = generatePassword(ARN, {
      PasswordLength: 200,
      ExcludeUppercase: true,
      ExcludeNumbers: true,
      ExcludeCharacters: 'aeiou!"',
      IncludeSpace: true,
    });
    expect(value).toHaveLength(200);
    expect(value).not.toMatch(/[A-Z0-9aeiou!"]/);
    expect(value).toContain(' ');
    expect(value).toMatch(PUNCTUATION);
  });

  it('puts the password at the generated key of a JSON template', () => {
    const text = generatedSecretString(ARN, {
      SecretStringTemplate: '{"username":"app"}',
      GenerateStringKey: 'password',
      PasswordLength: 20,
    });
    const parsed = JSON.parse(text) as Record<string, string>;
    expect(parsed.username).toBe('app');
    expect(parsed.password).toHaveLength(20);
  });

  it('refuses a spec no password can meet', () => {
    expect(() =>
      generatePassword(ARN, {
        ExcludeLowercase: true,
        ExcludeUppercase: true,
        ExcludeNumbers: true,
        ExcludePunctuation: true,
      }),
    ).toThrow(/allows no character/);
    expect(() => generatePassword(ARN, { PasswordLength: 2 })).toThrow(/cannot include every type/);
  });
});
