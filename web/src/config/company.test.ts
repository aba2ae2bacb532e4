import { afterEach, expect, it, vi } from 'vitest';
import { companyDetails, splitCompanyList, splitSocialLink } from './company';

afterEach(() => {
  vi.unstubAllEnvs();
});

it('splits a list at | with each part trimmed; an empty value is no list', () => {
  expect(splitCompanyList(' 1 Example Street | Example Town ')).toEqual(['1 Example Street', 'Example Town']);
  expect(splitCompanyList('')).toEqual([]);
  expect(splitCompanyList('a||b')).toEqual(['a', '', 'b']);
});

it("splits a social link at its first '=' (a URL may hold more)", () => {
  expect(splitSocialLink('Instagram = https://example.com/p?a=b')).toEqual({
    name: 'Instagram',
    href: 'https://example.com/p?a=b',
  });
  expect(splitSocialLink('https://example.com')).toEqual({ name: '', href: 'https://example.com' });
});

it('reads the details the build wrote into the bundle', () => {
  vi.stubEnv('VITE_COMPANY_LEGAL_NAME', 'Example Photos Ltd');
  vi.stubEnv('VITE_COMPANY_REGISTRATION', 'Not a real company');
  vi.stubEnv('VITE_COMPANY_ADDRESS', '1 Example Street|Example Town');
  vi.stubEnv('VITE_COMPANY_SOCIAL_LINKS', 'X=https://example.com/x');
  expect(companyDetails()).toEqual({
    legalName: 'Example Photos Ltd',
    registration: 'Not a real company',
    addressLines: ['1 Example Street', 'Example Town'],
    socialLinks: [{ name: 'X', href: 'https://example.com/x' }],
  });
});

it('has the plainly unset details in tests, as on the dev server', () => {
  expect(companyDetails()).toEqual({
    legalName: 'Company name not set',
    registration: 'Company registration not set',
    addressLines: [],
    socialLinks: [],
  });
});
