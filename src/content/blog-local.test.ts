import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLocalBlogPosts, parseBlogPost, readingMinutes } from './blog-local';
import { sampleWeddingBySlug } from './sample-data';

describe('local blog', () => {
  it('loads at least three Czech posts from content/blog, newest first', async () => {
    const posts = await loadLocalBlogPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const dates = posts.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const p of posts) {
      expect(p.title).toMatch(/[ěščřžýáíéůú]/);
      expect(p.excerpt.length).toBeGreaterThan(20);
      expect(p.body.length).toBeGreaterThan(500);
      expect(p.readingMinutes).toBeGreaterThanOrEqual(1);
      expect(p.coverImage?.url).toMatch(/^\/api\/placeholder\/blog-[a-z-]+\/1600x1000\.jpg$/);
      expect(p.coverImage?.blurDataURL).toBeTruthy();
      expect(p.relatedWeddings.length).toBeGreaterThan(0);
      // Related weddings point at real sample weddings.
      for (const slug of p.relatedWeddings) expect(sampleWeddingBySlug(slug), slug).not.toBeNull();
    }
  });

  it('computes reading time from the word count (200 words a minute, at least 1)', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(Array(200).fill('slovo').join(' '))).toBe(1);
    expect(readingMinutes(Array(201).fill('slovo').join(' '))).toBe(2);
    expect(readingMinutes(Array(1000).fill('slovo').join('\n'))).toBe(5);
  });

  it('parses front matter and rejects a post without title', () => {
    const post = parseBlogPost('x', '---\ntitle: Ahoj\ndate: 2024-01-02\ncover:\n  url: /images/a.jpg\n  width: 10\n  height: 5\n---\nText');
    expect(post).toMatchObject({ slug: 'x', title: 'Ahoj', date: '2024-01-02', excerpt: '', relatedWeddings: [], body: 'Text' });
    expect(post.coverImage).toMatchObject({ url: '/images/a.jpg', width: 10, height: 5, alternativeText: '' });
    expect(() => parseBlogPost('bad', '---\ndate: 2024-01-02\n---\nText')).toThrow(/Blog post bad: invalid front matter: title/);
  });

  it('gives an empty list when the folder does not exist and ignores non-Markdown files', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'blog-'));
    expect(await loadLocalBlogPosts(path.join(dir, 'missing'))).toEqual([]);
    await fs.writeFile(path.join(dir, 'notes.txt'), 'x');
    await fs.writeFile(path.join(dir, 'a.md'), '---\ntitle: A\ndate: 2024-01-01\n---\nA');
    expect((await loadLocalBlogPosts(dir)).map((p) => p.slug)).toEqual(['a']);
  });
});
