import { describe, expect, it } from 'vitest';
import { deleteObjectsXml, deleteResultXml, parseDeleteObjects } from './s3-delete-objects';

describe('multi-object delete documents', () => {
  it('reads the keys (entities decoded) and the quiet flag the SDK sends', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      '<Object><Key>a &amp; b.jpg</Key></Object><Object><Key>c&#60;d</Key><VersionId>1</VersionId></Object>' +
      '<Quiet>true</Quiet></Delete>';
    expect(parseDeleteObjects(xml)).toEqual({ quiet: true, keys: ['a & b.jpg', 'c<d'] });
    expect(parseDeleteObjects('<NotDelete/>')).toBeUndefined();
  });

  it('writes the allowed keys back as a Delete document that reads the same', () => {
    const request = { quiet: false, keys: ['a & b.jpg', 'plain'] };
    expect(parseDeleteObjects(deleteObjectsXml(request))).toEqual(request);
  });

  it('answers deleted keys and a per-key AccessDenied, only the errors when quiet', () => {
    const loud = deleteResultXml(['a'], ['b<'], false);
    expect(loud).toContain('<Deleted><Key>a</Key></Deleted>');
    expect(loud).toContain(
      '<Error><Key>b&#60;</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>',
    );
    expect(deleteResultXml(['a'], ['b'], true)).not.toContain('<Deleted>');
  });
});
