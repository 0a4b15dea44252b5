import type { RawWeddingDetail } from './normalize';

/**
 * The built-in sample weddings (docs/spec.md §4, §9): five entries, years 2022–2024, three favourites.
 * Used by the local provider and as the fallback of every remote provider. Images are generated
 * (see placeholders.ts), so `wedding_images` is left empty here on purpose.
 */
export const SAMPLE_WEDDINGS: readonly RawWeddingDetail[] = [
  {
    id: '1',
    couple: 'Tereza & Jakub',
    date: '2024-06-15',
    location: 'Zámek Lednice, Lednice na Moravě',
    slug: 'tereza-jakub',
    year: 2024,
    favorite: true,
    shortDescription: 'Červnová svatba v zámeckém parku, obřad u Minaretu a tanec až do rána ve skleníku.',
    story: [
      'Tereza a Jakub se poznali na vodě – oba jezdí na kánoi a první rande strávili splouváním Dyje. Bylo tedy jasné, že svatba bude blízko řeky a v krajině, kterou oba milují. Volba padla na Lednici a její zámecký park.',
      'Ráno jsme začali v penzionu na okraji obce, kde se Tereza chystala s maminkou a dvěma sestrami. Šaty visely v okně, na stole ležely pivoňky z vlastní zahrady a celý pokoj voněl kávou. Jakub se mezitím s kamarády snažil na poslední chvíli naučit uvázat motýlka.',
      'Obřad proběhl ve dvě odpoledne v zahradě pod Minaretem. Když Jakub při slibu zaváhal a řekl „ano“ dřív, než se ho oddávající stačila zeptat, smál se celý park. Po obřadu jsme si s novomanželi odskočili na krátkou projížďku lodičkou k Janohradu – světlo nad vodou bylo přesně takové, jaké si člověk na svatbu přeje.',
      'Večer patřil hostině v zámeckém skleníku, prvnímu tanci na píseň od Lenky Dusilové a ohňostroji, který připravili Jakubovi bratři. Poslední fotky vznikly krátce po půlnoci, kdy se nad parkem ještě držel modrý soumrak.',
    ].join('\n\n'),
  },
  {
    id: '2',
    couple: 'Lucie & Martin',
    date: '2023-09-09',
    location: 'Chateau Mcely, Mcely',
    slug: 'lucie-martin',
    year: 2023,
    favorite: true,
    shortDescription: 'Intimní zářijová svatba pro čtyřicet hostů v zámeckém parku Chateau Mcely.',
    story: [
      'Lucie s Martinem chtěli malou svatbu, na které budou mít čas na každého hosta. Pozvali jen čtyřicet nejbližších a celý víkend strávili s nimi v Chateau Mcely uprostřed lesů.',
      'Přípravy probíhaly v zámeckém apartmá. Lucie měla šaty po babičce, které švadlena citlivě upravila, a k nim jednoduchý věneček ze šalvěje a rozmarýnu. Martin si vzal hodinky po dědovi – a ty se pak objevily i na jedné z nejhezčích fotografií dne.',
      'Obřad se konal v altánu v parku. Během slibů začalo lehce mrholit, ale nikdo neodešel: hosté vytáhli deštníky, družičky se smály a slunce se za pár minut zase vrátilo. Díky tomu vznikly portréty v měkkém světle po dešti, kdy se tráva třpytila.',
      'Hostina byla u dlouhého dřevěného stolu na terase, večer pak hrála cimbálová muzika z Martinova rodného Slovácka. Tančilo se až do noci a poslední fotografie jsou u ohně s lucernami.',
    ].join('\n\n'),
  },
  {
    id: '3',
    couple: 'Barbora & Tomáš',
    date: '2024-08-24',
    location: 'Statek Bukovka, Bukovka u Bohdanče',
    slug: 'barbora-tomas',
    year: 2024,
    favorite: false,
    shortDescription: 'Letní svatba na statku s piknikovou hostinou, seníkem a spoustou dětí.',
    story: [
      'Barbora a Tomáš mají tři psy, dvě kočky a velkou rodinu, takže klasický sál nepřicházel v úvahu. Statek Bukovka jim nabídl přesně to, co hledali: stodolu, louku, seník a dost místa, aby se děti mohly proběhnout.',
      'Den začal na statku už v devět ráno. Zatímco se Barbora česala pod starou lípou, Tomáš s tátou věšeli žárovky nad dlouhé stoly. Prstýnky přinesl na polštářku jejich pes Bertík – a zvládl to napoprvé, bez jediného zaváhání.',
      'Obřad byl na louce za statkem, hosté seděli na balících slámy. Místo klasické hostiny následoval piknik s domácími koláči od obou babiček a grilovaným selátkem. Portréty jsme fotili v obilí kousek od statku, kde se ve zlaté hodině vlnily klasy.',
      'Večer se přesunul do stodoly, kde hrála kapela kamarádů. Děti usnuly na seníku kolem desáté a dospělí vydrželi tančit do tří do rána.',
    ].join('\n\n'),
  },
  {
    id: '4',
    couple: 'Eliška & Vojtěch',
    date: '2022-05-21',
    location: 'Villa Lanna, Praha',
    slug: 'eliska-vojtech',
    year: 2022,
    favorite: true,
    shortDescription: 'Elegantní pražská svatba ve Villa Lanna s výhledem na zahradu plnou kvetoucích šeříků.',
    story: [
      'Eliška je architektka a Vojtěch restaurátor, takže se shodli na jediném: svatba musí být v místě, které má duši. Neorenesanční Villa Lanna v Bubenči s její zahradou a historickými interiéry byla jasnou volbou.',
      'Přípravy proběhly v Eliščině bytě na Letné. Vojtěch nevěstu poprvé uviděl až na schodišti vily – to byl jeden z nejsilnějších okamžiků dne a celá jeho reakce zůstala zachycená na sérii fotografií, které si dnes pouštějí na každé výročí.',
      'Obřad se konal v zahradě mezi kvetoucími šeříky. Po něm jsme vyrazili na krátké portrétové focení do Stromovky a na Letenské sady, odkud je nejhezčí výhled na pražské mosty.',
      'Večeře byla ve velkém salonu vily pod freskami, s proslovy, které rozplakaly i obsluhu. První tanec – valčík, který se novomanželé půl roku pilně učili – proběhl na zahradní terase za soumraku.',
    ].join('\n\n'),
  },
  {
    id: '5',
    couple: 'Markéta & Filip',
    date: '2022-10-01',
    location: 'Hotel Kaskáda, Kouty nad Desnou',
    slug: 'marketa-filip',
    year: 2022,
    favorite: false,
    shortDescription: 'Podzimní horská svatba v Jeseníkách s obřadem na vyhlídce a mlhou v údolí.',
    story: [
      'Markéta a Filip se seznámili na horské chatě v Jeseníkách a od té doby tam jezdí každý rok. Svatbu tedy chtěli jedině na horách – a to v říjnu, kdy jsou buky nejbarevnější.',
      'Ráno leželo v údolí husté mléko mlhy. Zatímco se nevěsta chystala v hotelu Kaskáda, vyrazili jsme s Filipem a svědky na krátkou procházku, abychom zachytili, jak se mlha pomalu zvedá nad hřebeny.',
      'Obřad proběhl na vyhlídce nad hotelem. Foukal studený vítr, takže nevěsta měla přes šaty pletený svetr od maminky – a nakonec v něm zůstala na většině fotografií, protože k ní neuvěřitelně sedí. Portréty jsme fotili v bukovém lese, kde listí svítilo oranžově i pod zataženou oblohou.',
      'Hostina byla v hotelové restauraci s domácí zvěřinou a borůvkovými knedlíky. Večer hrála kapela z Šumperka a svatba skončila u krbu s kytarou a písničkami, které znali úplně všichni.',
    ].join('\n\n'),
  },
];
