import type { Metadata } from 'next';
import { FatalNotFound } from '@/ui/wedding/wedding-route';

export const metadata: Metadata = { title: 'Stránka nenalezena' };

export default FatalNotFound;
