import { describe, expect, it } from 'vitest';
import { COMPANY_SETTING_NAMES, exampleCompanySettings, parseWebEnv } from './env-schema';

const BASE = { VITE_CAPTCHA_SITE_KEY: 'site-key' };
const COMPANY = {
  VITE_COMPANY_LEGAL_NAME: 'Example Photos Ltd',
  VITE_COMPANY_REGISTRATION: 'Not a real company: no company number.',
  VITE_COMPANY_ADDRESS: '1 Example Street|Example Town|Example Country',
  VITE_COMPANY_SOCIAL_LINKS: 'Instagram=https://example.com/instagram|LinkedIn=https://example.com/linkedin',
};

/** The message parseWebEnv throws, or undefined when it accepts the variables. */
function refusal(source: Record<string, string>, target: 'build' | 'dev' = 'build'): string | undefined {
  try {
    parseWebEnv({ ...BASE, ...source }, target);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('company details: a build requires them', () => {
  it('refuses a build without them, naming each variable and where they are documented', () => {
    const message = refusal({});
    expect(message).toMatch(
      /^Invalid SPA configuration, set these VITE_ variables: VITE_COMPANY_LEGAL_NAME, VITE_COMPANY_REGISTRATION, VITE_COMPANY_ADDRESS, VITE_COMPANY_SOCIAL_LINKS\n/,
    );
    for (const name of COMPANY_SETTING_NAMES) {
      expect(message).toContain(
        `${name}: required by \`vite build\` (the footer's company details; see docs/deploy.md)`,
      );
    }
  });

  it.each(COMPANY_SETTING_NAMES)('refuses a build without %s alone', (name) => {
    const message = refusal({ ...COMPANY, [name]: undefined } as unknown as Record<string, string>);
    expect(message).toContain(`set these VITE_ variables: ${name}\n`);
  });

  it.each(COMPANY_SETTING_NAMES)('counts a blank %s (an empty CI variable) as not set', (name) => {
    expect(refusal({ ...COMPANY, [name]: '  ' })).toContain(`${name}: required by \`vite build\``);
  });

  it('accepts a build with them, in the form the bundle carries (trimmed)', () => {
    const env = parseWebEnv(
      {
        ...BASE,
        VITE_COMPANY_LEGAL_NAME: ' Example Photos Ltd ',
        VITE_COMPANY_REGISTRATION: COMPANY.VITE_COMPANY_REGISTRATION,
        VITE_COMPANY_ADDRESS: ' 1 Example Street | Example Town ',
        VITE_COMPANY_SOCIAL_LINKS:
          ' Instagram = https://example.com/instagram?a=b | X=https://example.com/x ',
      },
      'build',
    );
    expect(env).toMatchObject({
      VITE_COMPANY_LEGAL_NAME: 'Example Photos Ltd',
      VITE_COMPANY_REGISTRATION: COMPANY.VITE_COMPANY_REGISTRATION,
      VITE_COMPANY_ADDRESS: '1 Example Street|Example Town',
      // Split at the first '=': the URL keeps its own.
      VITE_COMPANY_SOCIAL_LINKS: 'Instagram=https://example.com/instagram?a=b|X=https://example.com/x',
    });
  });

  it("refuses the dev server's placeholders in a build", () => {
    const message = refusal({
      ...COMPANY,
      VITE_COMPANY_LEGAL_NAME: 'Company name not set',
      VITE_COMPANY_REGISTRATION: ' Company registration not set ',
    });
    expect(message).toContain(
      'VITE_COMPANY_LEGAL_NAME: is the dev server\'s placeholder "Company name not set"',
    );
    expect(message).toContain("VITE_COMPANY_REGISTRATION: is the dev server's placeholder");
  });

  it("accepts 'none' for a company without social links, carried as empty", () => {
    const env = parseWebEnv({ ...BASE, ...COMPANY, VITE_COMPANY_SOCIAL_LINKS: ' none ' }, 'build');
    expect(env.VITE_COMPANY_SOCIAL_LINKS).toBe('');
  });

  it('accepts the plainly fake settings of builds nobody deploys', () => {
    const settings = exampleCompanySettings('benchmark build');
    expect(settings.VITE_COMPANY_LEGAL_NAME).toBe('Example Photos Ltd (benchmark build)');
    expect(() => parseWebEnv({ ...BASE, ...settings }, 'build')).not.toThrow();
  });
});

describe('company details: the dev server and tests', () => {
  it('fall back to plainly unset values: no address, no social links', () => {
    expect(parseWebEnv(BASE)).toMatchObject({
      VITE_COMPANY_LEGAL_NAME: 'Company name not set',
      VITE_COMPANY_REGISTRATION: 'Company registration not set',
      VITE_COMPANY_ADDRESS: '',
      VITE_COMPANY_SOCIAL_LINKS: '',
    });
    expect(parseWebEnv({ ...BASE, VITE_COMPANY_ADDRESS: '' }, 'dev').VITE_COMPANY_ADDRESS).toBe('');
    // As the unit tests' environment gives them (vitest.config.ts).
    expect(parseWebEnv({ ...BASE, VITE_COMPANY_LEGAL_NAME: 'Company name not set' }, 'dev')).toMatchObject({
      VITE_COMPANY_LEGAL_NAME: 'Company name not set',
    });
  });

  it('still check a value that is set', () => {
    expect(refusal({ VITE_COMPANY_SOCIAL_LINKS: 'Instagram=http://example.com' }, 'dev')).toContain(
      'VITE_COMPANY_SOCIAL_LINKS: "Instagram=http://example.com" needs an https:// URL',
    );
  });
});

describe('company details: each malformed value is refused with what is wrong', () => {
  it.each([
    [
      'an address with a blank line',
      { VITE_COMPANY_ADDRESS: '1 Example Street||Example Town' },
      'VITE_COMPANY_ADDRESS: has an empty line',
    ],
    [
      'an address ending in a separator',
      { VITE_COMPANY_ADDRESS: '1 Example Street|' },
      'VITE_COMPANY_ADDRESS: has an empty line',
    ],
    [
      'a social link without a name',
      { VITE_COMPANY_SOCIAL_LINKS: '=https://example.com/x' },
      'VITE_COMPANY_SOCIAL_LINKS: "=https://example.com/x" has no name',
    ],
    [
      'a social link without a separator',
      { VITE_COMPANY_SOCIAL_LINKS: 'https://example.com/x' },
      'has no name: write Name=https://… entries',
    ],
    [
      'a social link with a plain-http URL',
      { VITE_COMPANY_SOCIAL_LINKS: 'X=http://example.com/x' },
      '"X=http://example.com/x" needs an https:// URL',
    ],
    ['a social link with no URL', { VITE_COMPANY_SOCIAL_LINKS: 'X=' }, '"X=" needs an https:// URL'],
    [
      'a social link with a relative URL',
      { VITE_COMPANY_SOCIAL_LINKS: 'X=/x' },
      '"X=/x" needs an https:// URL',
    ],
    [
      'a social link with another scheme',
      { VITE_COMPANY_SOCIAL_LINKS: 'X=javascript:alert(1)' },
      'needs an https:// URL',
    ],
    [
      'a blank social link entry',
      { VITE_COMPANY_SOCIAL_LINKS: 'X=https://example.com/x||Y=https://example.com/y' },
      '"" has no name',
    ],
    [
      'a name given twice',
      { VITE_COMPANY_SOCIAL_LINKS: 'X=https://example.com/a|X=https://example.com/b' },
      'names "X" twice',
    ],
    ["'None' for 'none'", { VITE_COMPANY_SOCIAL_LINKS: 'None' }, "or 'none'"],
  ])('%s', (_case, override, expected) => {
    const message = refusal({ ...COMPANY, ...override });
    expect(message).toContain(expected);
    // Only the malformed variable is named.
    expect(message).toMatch(/set these VITE_ variables: VITE_COMPANY_(ADDRESS|SOCIAL_LINKS)\n/);
  });
});
