'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import type { AdminPost, CoverChoice } from '../types';
import { variantUrl } from '../variants';
import { api } from './api-client';
import { PublishBar, errorText, useStudioRun } from './publish-bar';
import styles from './studio.module.css';

/** The form's values as the API takes them (the slug only when the field is shown). */
function postValues(form: HTMLFormElement, withSlug: boolean) {
  const f = new FormData(form);
  const str = (k: string) => String(f.get(k) ?? '').trim();
  return {
    title: str('title'),
    date: str('date'),
    excerpt: str('excerpt'),
    body: str('body'),
    coverPhotoId: str('coverPhotoId') || null,
    ...(withSlug ? { slug: str('slug') } : {}),
  };
}

/** Creates a draft post through POST /api/admin/posts and opens it in the editor. */
export function NewPostForm({ covers }: { covers: CoverChoice[] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = postValues(e.currentTarget, false);
    setBusy(true);
    setError(null);
    try {
      const created = await api<{ id: string; slug: string }>('POST', '/api/admin/posts', values);
      router.push(`/admin/blog/${created.id}`);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} aria-labelledby="new-title">
      <PostFields covers={covers} />
      <div role="alert">{error ? <p className={styles.error}>{error}</p> : null}</div>
      <p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Zakládám…' : 'Založit článek'}
        </button>
      </p>
    </form>
  );
}

/** The post editor: details and text, publishing, preview link, delete with confirmation. */
export function PostEditor({ initial, covers }: { initial: AdminPost; covers: CoverChoice[] }) {
  const router = useRouter();
  const [post, setPost] = useState(initial);
  const { message, run } = useStudioRun();
  const base = `/api/admin/posts/${post.id}`;

  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = postValues(e.currentTarget, true);
    void run(async () => setPost(await api<AdminPost>('PATCH', base, values)), 'Uloženo.');
  };

  const setPublished = (published: boolean) =>
    run(async () => setPost(await api<AdminPost>('PATCH', base, { published })), published ? 'Článek je zveřejněný.' : 'Článek je skrytý (koncept).');

  const remove = () => {
    if (!window.confirm(`Opravdu smazat článek „${post.title}“? Tuto akci nelze vrátit.`)) return;
    void run(async () => {
      await api('DELETE', base);
      router.push('/admin/blog');
    });
  };

  return (
    <div className={styles.form} style={{ maxWidth: 'none' }}>
      <PublishBar
        published={post.published}
        previewHref={`/admin/blog/${post.id}/nahled`}
        publicHref={`/blog/${post.slug}`}
        message={message}
        onPublish={(on) => void setPublished(on)}
        stateTestId="post-state"
      />
      <section aria-labelledby="details-title">
        <h2 id="details-title">Článek</h2>
        <form className={styles.form} onSubmit={save} key={post.updatedAt}>
          <PostFields post={post} covers={covers} />
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary">
              Uložit článek
            </button>
            <button type="button" className="btn" onClick={remove}>
              Smazat článek
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}

/** Form fields of a post (shared by the create form and the editor). */
export function PostFields({ post, covers }: { post?: AdminPost; covers: CoverChoice[] }) {
  const [cover, setCover] = useState(post?.coverPhotoId ?? '');
  const chosen = covers.find((c) => c.id === cover);
  const byWedding = new Map<string, CoverChoice[]>();
  for (const c of covers) byWedding.set(c.weddingCouple, [...(byWedding.get(c.weddingCouple) ?? []), c]);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <div className={styles.row}>
        <div className="field">
          <label htmlFor="title">Název</label>
          <input id="title" name="title" required maxLength={200} defaultValue={post?.title ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="date">Datum článku</label>
          <input id="date" name="date" type="date" required defaultValue={post?.date ?? today} />
        </div>
      </div>
      {post ? (
        <div className="field">
          <label htmlFor="slug">Adresa (slug)</label>
          <input id="slug" name="slug" required maxLength={120} pattern="[a-z0-9]+(-[a-z0-9]+)*" defaultValue={post.slug} aria-describedby="slug-hint" />
          <span className="hint" id="slug-hint">
            Malá písmena bez diakritiky, číslice a pomlčky. Stará adresa bude dál přesměrovávat na novou.
          </span>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="excerpt">Perex (krátké shrnutí na stránce Blog)</label>
        <textarea id="excerpt" name="excerpt" maxLength={600} rows={3} defaultValue={post?.excerpt ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="body">Text článku (Markdown)</label>
        <textarea id="body" name="body" maxLength={100_000} rows={16} defaultValue={post?.body ?? ''} aria-describedby="body-hint" />
        <span className="hint" id="body-hint">
          Nadpisy ## Nadpis, **tučně**, *kurzíva*, odkazy [text](https://…), odrážky začínající pomlčkou.
        </span>
      </div>
      <div className="field">
        <label htmlFor="coverPhotoId">Titulní fotografie</label>
        <select id="coverPhotoId" name="coverPhotoId" value={cover} onChange={(e) => setCover(e.currentTarget.value)} aria-describedby="cover-hint">
          <option value="">Bez titulní fotografie</option>
          {[...byWedding.entries()].map(([couple, photos]) => (
            <optgroup key={couple} label={couple}>
              {photos.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.alt} ({c.fileName})
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <span className="hint" id="cover-hint">
          Vyberte zpracovanou fotografii s popisem ze svých svateb (i z nezveřejněných).
        </span>
        {chosen ? (
          // eslint-disable-next-line @next/next/no-img-element -- a pre-made variant, no optimiser needed
          <img className={styles.thumb} style={{ maxWidth: '20rem' }} src={variantUrl(chosen.id, chosen.thumbWidth)} alt="" width={384} height={256} />
        ) : null}
      </div>
    </>
  );
}
