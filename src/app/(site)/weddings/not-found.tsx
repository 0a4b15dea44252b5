import type { Metadata } from 'next';
import { FatalNotFound } from '@/content/ui/wedding/wedding-route';

export const metadata: Metadata = { title: 'Stránka nenalezena', robots: { index: false } };

export default FatalNotFound;
