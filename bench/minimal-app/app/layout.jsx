/** The benchmark floor: a bare Next app (framework runtime only), outside the product's layout, styles and fonts. */
export const metadata = { title: 'Minimální stránka', description: 'Měřicí podlaha: samotný framework bez obsahu webu.' };

export default function RootLayout({ children }) {
  return (
    <html lang="cs">
      <body>{children}</body>
    </html>
  );
}
