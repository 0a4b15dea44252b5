import { describe, expect, it } from 'vitest';
import { describeWebhook, secretMatches } from './revalidate-webhook';

describe('revalidate webhook', () => {
  it('compares secrets exactly', () => {
    expect(secretMatches('s3cret', 's3cret')).toBe(true);
    expect(secretMatches('s3cre', 's3cret')).toBe(false);
    expect(secretMatches('', 's3cret')).toBe(false);
    expect(secretMatches(null, 's3cret')).toBe(false);
  });

  it('reads Contentful webhook bodies (localized fields, topic header)', () => {
    const body = { sys: { type: 'Entry', id: 'w1', contentType: { sys: { id: 'wedding' } } }, fields: { slug: { 'cs-CZ': 'klara-ondrej' } } };
    expect(describeWebhook(body, new Headers({ 'x-contentful-topic': 'ContentManagement.Entry.publish' }))).toEqual({
      origin: 'contentful',
      event: 'ContentManagement.Entry.publish',
      model: 'wedding',
      slug: 'klara-ondrej',
    });
    expect(describeWebhook({ sys: { type: 'DeletedEntry', id: 'w1' } }, new Headers())).toMatchObject({ origin: 'contentful', event: 'DeletedEntry' });
  });

  it('reads Strapi webhook bodies and tolerates anything else', () => {
    expect(describeWebhook({ event: 'entry.update', model: 'wedding', entry: { id: 1, slug: 'veronika-lukas' } }, new Headers())).toEqual({
      origin: 'strapi',
      event: 'entry.update',
      model: 'wedding',
      slug: 'veronika-lukas',
    });
    expect(describeWebhook({}, new Headers())).toEqual({ origin: 'other' });
    expect(describeWebhook('text', new Headers())).toEqual({ origin: 'other' });
  });
});
