import { Link } from '@/ui/link';

/** The polite page of a gallery past its expiry (answered with 410). */
export function ExpiredGallery() {
  return (
    <div className="container-narrow section" data-testid="gallery-expired">
      <p className="eyebrow">Soukromá galerie</p>
      <h1>Platnost galerie vypršela</h1>
      <p className="lead">Tato galerie už není dostupná. Fotografie ale nejsou ztracené – mám je bezpečně uložené.</p>
      <p>Pokud si je potřebujete ještě stáhnout, napište mi prosím a platnost galerie vám ráda prodloužím.</p>
      <p>
        <Link href="/kontakt" className="btn btn-primary">
          Napsat fotografce
        </Link>
      </p>
    </div>
  );
}
