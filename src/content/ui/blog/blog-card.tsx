import { Link } from '@/ui/link';
import type { BlogPost } from '@/content/types';
import { Photo } from '@/content/ui/gallery/photo';
import { formatCzechDate, parseIsoDay } from '@/platform/dates';
import styles from './blog.module.css';

export function readingLabel(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min čtení`;
}

export function PostMeta({ post }: { post: BlogPost }) {
  const day = parseIsoDay(post.date);
  return (
    <p className={styles.meta}>
      {day ? <time dateTime={day.toISOString().slice(0, 10)}>{formatCzechDate(post.date)}</time> : <span>{post.date}</span>}
      <span aria-hidden="true"> · </span>
      <span className="visually-hidden">, </span>
      <span>{readingLabel(post.readingMinutes)}</span>
    </p>
  );
}

/** A blog post in the list: cover, date, reading time, title and excerpt. */
export function BlogCard({ post, priority }: { post: BlogPost; priority?: boolean }) {
  return (
    <article className={styles.card}>
      <Link href={`/blog/${post.slug}`} className={styles.cardLink}>
        <div className={styles.cardMedia}>
          {post.coverImage ? (
            <Photo
              image={post.coverImage}
              alt={post.coverImage.alternativeText}
              sizes="(min-width: 64rem) 26rem, (min-width: 40rem) 46vw, 100vw"
              priority={priority}
              className={styles.cardImg}
            />
          ) : null}
        </div>
        <PostMeta post={post} />
        <h2 className={styles.cardTitle}>{post.title}</h2>
        <p className={styles.excerpt}>{post.excerpt}</p>
        <span className={styles.more} aria-hidden="true">
          Číst článek →
        </span>
      </Link>
    </article>
  );
}
