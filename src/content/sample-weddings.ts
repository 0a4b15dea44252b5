import type { RawWeddingDetail } from './normalize';

/**
 * The built-in sample weddings (docs/spec.md §4, §9): five entries from the last three seasons (2024–2026), three favourites.
 * Used by the local provider and as the fallback of every remote provider. Images are generated
 * (see placeholders.ts), so `wedding_images` is left empty here on purpose.
 */
export const SAMPLE_WEDDINGS: readonly RawWeddingDetail[] = [
  {
    id: '1',
    couple: 'Tereza & Jakub',
    date: '2026-06-13',
    location: 'Zámek Lednice, Lednice na Moravě',
    slug: 'tereza-jakub',
    year: 2026,
    favorite: true,
    shortDescription: 'Červnová svatba v zámeckém parku, obřad u Minaretu a večer s ohňostrojem u zámeckého skleníku.',
    story: [
      'Tereza a Jakub se poznali na vodě – oba jezdí na kánoi a první rande strávili splouváním Dyje. Bylo tedy jasné, že svatba bude blízko řeky a v krajině, kterou oba milují. Volba padla na Lednici a její zámecký park.',
      'Ráno jsem začala v penzionu na okraji obce, kde se Tereza chystala s maminkou a dvěma sestrami. Šaty visely v okně, na stole ležely pivoňky z vlastní zahrady a celý pokoj voněl kávou. Jakub se mezitím s kamarády snažil na poslední chvíli naučit uvázat motýlka.',
      'Obřad proběhl ve dvě odpoledne v zahradě pod Minaretem. Když Jakub při slibu zaváhal a řekl „ano“ dřív, než se ho oddávající stačila zeptat, smál se celý park. Po obřadu jsem si s novomanželi odskočila na krátkou projížďku lodičkou k Janohradu – světlo nad vodou bylo přesně takové, jaké si člověk na svatbu přeje.',
      'Večer patřil hostině v zámeckém skleníku, prvnímu tanci na píseň od Lenky Dusilové a ohňostroji, který připravili Jakubovi bratři. Poslední fotky vznikly krátce před půlnocí, když nad parkem dohasínaly poslední rachejtle; hosté pak tančili až do rána už beze mě.',
    ].join('\n\n'),
  },
  {
    id: '2',
    couple: 'Lucie & Martin',
    date: '2025-09-13',
    location: 'Chateau Mcely, Mcely',
    slug: 'lucie-martin',
    year: 2025,
    favorite: true,
    shortDescription: 'Komorní zářijová svatba pro čtyřicet hostů v zámeckém parku Chateau Mcely.',
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
    date: '2026-08-22',
    location: 'Statek Bukovka, Bukovka u Bohdanče',
    slug: 'barbora-tomas',
    year: 2026,
    favorite: false,
    shortDescription: 'Letní svatba na statku s piknikovou hostinou, seníkem a spoustou dětí.',
    story: [
      'Barbora a Tomáš mají tři psy, dvě kočky a velkou rodinu, takže klasický sál nepřicházel v úvahu. Statek Bukovka jim nabídl přesně to, co hledali: stodolu, louku, seník a dost místa, aby se děti mohly proběhnout.',
      'Den začal na statku už v devět ráno. Zatímco se Barbora česala pod starou lípou, Tomáš s tátou věšeli žárovky nad dlouhé stoly. Prstýnky přinesl na polštářku jejich pes Bertík – a zvládl to napoprvé, bez jediného zaváhání.',
      'Obřad byl na louce za statkem, hosté seděli na balících slámy. Místo klasické hostiny následoval piknik s domácími koláči od obou babiček a grilovaným selátkem. Portréty jsem fotila v obilí kousek od statku, kde se ve zlaté hodině vlnily klasy.',
      'Večer se přesunul do stodoly, kde hrála kapela kamarádů. Děti usnuly na seníku kolem desáté; poslední fotky jsem pořídila po půlnoci, kdy se tančilo na stolech, a dospělí vydrželi až do tří do rána.',
    ].join('\n\n'),
  },
  {
    id: '4',
    couple: 'Eliška & Vojtěch',
    date: '2024-05-18',
    location: 'Vila Lanna, Praha',
    slug: 'eliska-vojtech',
    year: 2024,
    favorite: true,
    shortDescription: 'Elegantní pražská svatba ve Vile Lanna: deštivý květnový den, obřad v salonu s výhledem na kvetoucí šeříky a portréty pod deštníky.',
    story: [
      'Eliška je architektka a Vojtěch restaurátor, takže se shodli na jediném: svatba musí být v místě, které má duši. Neorenesanční Vila Lanna v Bubenči se zahradou a historickými interiéry byla jasnou volbou.',
      'Přípravy proběhly v Eliščině bytě na Letné. Vojtěch nevěstu poprvé uviděl až na schodišti vily – to byl jeden z nejsilnějších okamžiků dne a celá jeho reakce zůstala zachycená na sérii fotografií, které si dnes pouštějí na každé výročí.',
      'Pršelo od rána do večera, a tak se obřad přesunul ze zahrady do salonu, jehož okna vedou přímo do kvetoucích šeříků. Mezi přeháňkami jsme s novomanželi vyběhli s průhlednými deštníky na krátké portréty do mokré zahrady a na lesklé dlažební kostky bubenečských ulic.',
      'Večeře byla ve velkém salonu vily pod freskami, s proslovy, které rozplakaly i obsluhu. První tanec – valčík, který se novomanželé půl roku pilně učili – proběhl v salonu za zvuku deště na oknech.',
    ].join('\n\n'),
  },
  {
    id: '5',
    couple: 'Markéta & Filip',
    date: '2024-10-05',
    location: 'Hotel Kaskáda, Kouty nad Desnou',
    slug: 'marketa-filip',
    year: 2024,
    favorite: false,
    shortDescription: 'Podzimní horská svatba v Jeseníkách s obřadem na vyhlídce a mlhou v údolí.',
    story: [
      'Markéta a Filip se seznámili na horské chatě v Jeseníkách a od té doby tam jezdí každý rok. Svatbu tedy chtěli jedině na horách – a to v říjnu, kdy jsou buky nejbarevnější.',
      'Ráno leželo v údolí husté mléko mlhy. Zatímco se nevěsta chystala v hotelu Kaskáda, vyrazila jsem s Filipem a svědky na krátkou procházku, abych zachytila, jak se mlha pomalu zvedá nad hřebeny.',
      'Obřad proběhl na vyhlídce nad hotelem. Foukal studený vítr, takže nevěsta měla přes šaty pletený svetr od maminky – a nakonec v něm zůstala na většině fotografií, protože k ní neuvěřitelně sedí. Portréty jsem fotila v bukovém lese, kde listí svítilo oranžově i pod zataženou oblohou.',
      'Hostina byla v hotelové restauraci s domácí zvěřinou a borůvkovými knedlíky. Večer hrála kapela ze Šumperka a svatba skončila u krbu s kytarou a písničkami, které znali úplně všichni.',
    ].join('\n\n'),
  },
];
