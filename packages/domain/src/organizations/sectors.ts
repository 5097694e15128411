import type { Language } from '../languages.ts';

/**
 * An economic sector: a section of NACE Rev. 2 (Regulation (EC) No 1893/2006), with the range of
 * two-digit divisions it covers. Portugal's CAE Rev. 3, Spain's CNAE-2009 and France's NAF rév. 2
 * use the same sections; their official titles are the names below.
 */
export interface EconomicSector {
  code: string;
  divisions: { from: string; to: string };
  names: Record<Language, string>;
}

export const ECONOMIC_SECTORS: readonly EconomicSector[] = [
  {
    code: 'A',
    divisions: { from: '01', to: '03' },
    names: {
      gb: 'Agriculture, forestry and fishing',
      pt: 'Agricultura, produção animal, caça, floresta e pesca',
      es: 'Agricultura, ganadería, silvicultura y pesca',
      fr: 'Agriculture, sylviculture et pêche',
    },
  },
  {
    code: 'B',
    divisions: { from: '05', to: '09' },
    names: {
      gb: 'Mining and quarrying',
      pt: 'Indústrias extractivas',
      es: 'Industrias extractivas',
      fr: 'Industries extractives',
    },
  },
  {
    code: 'C',
    divisions: { from: '10', to: '33' },
    names: {
      gb: 'Manufacturing',
      pt: 'Indústrias transformadoras',
      es: 'Industria manufacturera',
      fr: 'Industrie manufacturière',
    },
  },
  {
    code: 'D',
    divisions: { from: '35', to: '35' },
    names: {
      gb: 'Electricity, gas, steam and air conditioning supply',
      pt: 'Electricidade, gás, vapor, água quente e fria e ar frio',
      es: 'Suministro de energía eléctrica, gas, vapor y aire acondicionado',
      fr: "Production et distribution d'électricité, de gaz, de vapeur et d'air conditionné",
    },
  },
  {
    code: 'E',
    divisions: { from: '36', to: '39' },
    names: {
      gb: 'Water supply; sewerage, waste management and remediation activities',
      pt: 'Captação, tratamento e distribuição de água; saneamento, gestão de resíduos e despoluição',
      es: 'Suministro de agua, actividades de saneamiento, gestión de residuos y descontaminación',
      fr: "Production et distribution d'eau ; assainissement, gestion des déchets et dépollution",
    },
  },
  {
    code: 'F',
    divisions: { from: '41', to: '43' },
    names: { gb: 'Construction', pt: 'Construção', es: 'Construcción', fr: 'Construction' },
  },
  {
    code: 'G',
    divisions: { from: '45', to: '47' },
    names: {
      gb: 'Wholesale and retail trade; repair of motor vehicles and motorcycles',
      pt: 'Comércio por grosso e a retalho; reparação de veículos automóveis e motociclos',
      es: 'Comercio al por mayor y al por menor; reparación de vehículos de motor y motocicletas',
      fr: "Commerce ; réparation d'automobiles et de motocycles",
    },
  },
  {
    code: 'H',
    divisions: { from: '49', to: '53' },
    names: {
      gb: 'Transportation and storage',
      pt: 'Transportes e armazenagem',
      es: 'Transporte y almacenamiento',
      fr: 'Transports et entreposage',
    },
  },
  {
    code: 'I',
    divisions: { from: '55', to: '56' },
    names: {
      gb: 'Accommodation and food service activities',
      pt: 'Alojamento, restauração e similares',
      es: 'Hostelería',
      fr: 'Hébergement et restauration',
    },
  },
  {
    code: 'J',
    divisions: { from: '58', to: '63' },
    names: {
      gb: 'Information and communication',
      pt: 'Actividades de informação e de comunicação',
      es: 'Información y comunicaciones',
      fr: 'Information et communication',
    },
  },
  {
    code: 'K',
    divisions: { from: '64', to: '66' },
    names: {
      gb: 'Financial and insurance activities',
      pt: 'Actividades financeiras e de seguros',
      es: 'Actividades financieras y de seguros',
      fr: "Activités financières et d'assurance",
    },
  },
  {
    code: 'L',
    divisions: { from: '68', to: '68' },
    names: {
      gb: 'Real estate activities',
      pt: 'Actividades imobiliárias',
      es: 'Actividades inmobiliarias',
      fr: 'Activités immobilières',
    },
  },
  {
    code: 'M',
    divisions: { from: '69', to: '75' },
    names: {
      gb: 'Professional, scientific and technical activities',
      pt: 'Actividades de consultoria, científicas, técnicas e similares',
      es: 'Actividades profesionales, científicas y técnicas',
      fr: 'Activités spécialisées, scientifiques et techniques',
    },
  },
  {
    code: 'N',
    divisions: { from: '77', to: '82' },
    names: {
      gb: 'Administrative and support service activities',
      pt: 'Actividades administrativas e dos serviços de apoio',
      es: 'Actividades administrativas y servicios auxiliares',
      fr: 'Activités de services administratifs et de soutien',
    },
  },
  {
    code: 'O',
    divisions: { from: '84', to: '84' },
    names: {
      gb: 'Public administration and defence; compulsory social security',
      pt: 'Administração pública e defesa; segurança social obrigatória',
      es: 'Administración pública y defensa; seguridad social obligatoria',
      fr: 'Administration publique',
    },
  },
  {
    code: 'P',
    divisions: { from: '85', to: '85' },
    names: { gb: 'Education', pt: 'Educação', es: 'Educación', fr: 'Enseignement' },
  },
  {
    code: 'Q',
    divisions: { from: '86', to: '88' },
    names: {
      gb: 'Human health and social work activities',
      pt: 'Actividades de saúde humana e apoio social',
      es: 'Actividades sanitarias y de servicios sociales',
      fr: 'Santé humaine et action sociale',
    },
  },
  {
    code: 'R',
    divisions: { from: '90', to: '93' },
    names: {
      gb: 'Arts, entertainment and recreation',
      pt: 'Actividades artísticas, de espectáculos, desportivas e recreativas',
      es: 'Actividades artísticas, recreativas y de entretenimiento',
      fr: 'Arts, spectacles et activités récréatives',
    },
  },
  {
    code: 'S',
    divisions: { from: '94', to: '96' },
    names: {
      gb: 'Other service activities',
      pt: 'Outras actividades de serviços',
      es: 'Otros servicios',
      fr: 'Autres activités de services',
    },
  },
  {
    code: 'T',
    divisions: { from: '97', to: '98' },
    names: {
      gb: 'Activities of households as employers; undifferentiated goods- and services-producing activities of households for own use',
      pt: 'Actividades das famílias empregadoras de pessoal doméstico e actividades de produção das famílias para uso próprio',
      es: 'Actividades de los hogares como empleadores de personal doméstico; actividades de los hogares como productores de bienes y servicios para uso propio',
      fr: "Activités des ménages en tant qu'employeurs ; activités indifférenciées des ménages en tant que producteurs de biens et services pour usage propre",
    },
  },
  {
    code: 'U',
    divisions: { from: '99', to: '99' },
    names: {
      gb: 'Activities of extraterritorial organisations and bodies',
      pt: 'Actividades dos organismos internacionais e outras instituições extra-territoriais',
      es: 'Actividades de organizaciones y organismos extraterritoriales',
      fr: 'Activités extra-territoriales',
    },
  },
];

const SECTOR_CODES: ReadonlySet<string> = new Set(ECONOMIC_SECTORS.map((s) => s.code));

export function isSectorCode(value: string): boolean {
  return SECTOR_CODES.has(value.toUpperCase());
}

/** Lower case without diacritics, so that "educacao" finds "Educação" and "hebergement" "Hébergement". */
export function foldForSearch(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

const SEARCH_TEXT = new Map(
  ECONOMIC_SECTORS.map((s) => [s.code, Object.values(s.names).map(foldForSearch).join('\n')]),
);

/**
 * Sectors whose code equals the term or whose name in any language contains it, ignoring case and
 * accents; every sector when the term is empty.
 */
export function searchSectors(term: string | null | undefined): EconomicSector[] {
  const folded = foldForSearch(term ?? '');
  if (!folded) return [...ECONOMIC_SECTORS];
  return ECONOMIC_SECTORS.filter(
    (s) => s.code.toLowerCase() === folded || SEARCH_TEXT.get(s.code)!.includes(folded),
  );
}
