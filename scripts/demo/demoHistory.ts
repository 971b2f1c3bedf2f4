/**
 * The demo repository's history: a pet shop's client code that called GET /pets/{petId} in many
 * places, then two teams migrating over the months (the calls counted in each commit's comment).
 * Files name versions in test/fixtures: `demo-workspace/…` is the code as it is today,
 * `demo-history/…` an earlier version.
 */
export interface DemoAuthor {
  name: string;
  email: string;
}

export interface DemoCommit {
  daysAgo: number;
  author: DemoAuthor;
  message: string;
  /** Repository path → fixture path (relative to test/fixtures) of its content at this commit. */
  files: Record<string, string>;
}

const MIA = { name: 'Mia Chen', email: 'mia.chen@petshop.example' };
const JONAS = { name: 'Jonas Weber', email: 'jonas.weber@petshop.example' };
const PRIYA = { name: 'Priya Nair', email: 'priya.nair@petshop.example' };

const today = (path: string) => ({ [path]: `demo-workspace/${path}` });

export const DEMO_HISTORY: readonly DemoCommit[] = [
  {
    daysAgo: 240,
    author: MIA,
    message: 'Pet shop clients: storefront, reports job, Go and Java services, scripts',
    // 11 calls: web 4 (petClient 1, checkout 2, pets.http 1), platform 7.
    files: {
      ...today('README.md'),
      ...today('web/src/petClient.ts'),
      'web/src/checkout.ts': 'demo-history/checkout-v1/checkout.ts',
      ...today('http/pets.http'),
      ...today('python/pets.py'),
      'python/reports.py': 'demo-history/reports-v1/reports.py',
      'go/pets.go': 'demo-history/go-v1/pets.go',
      ...today('java/src/main/java/com/example/pets/PetApi.java'),
      ...today('scripts/fetch-pet.sh'),
    },
  },
  {
    daysAgo: 215,
    author: JONAS,
    message: 'CODEOWNERS: the storefront to the web team, the rest to the platform team',
    files: today('.github/CODEOWNERS'),
  },
  {
    daysAgo: 190,
    author: MIA,
    message: 'Adoption page: show each pet the visitor picked',
    // 14 calls: the adoption page adds 3.
    files: { 'web/src/adoption.ts': 'demo-history/adoption-v1/adoption.ts' },
  },
  {
    daysAgo: 160,
    author: PRIYA,
    message:
      'Checkout: find the pets in the available list (GET /pets/{petId} goes on 5 December 2030)',
    files: today('web/src/checkout.ts'),
  },
  {
    daysAgo: 130,
    author: JONAS,
    message: 'Reports job: one list per status instead of one request per pet',
    files: today('python/reports.py'),
  },
  {
    daysAgo: 100,
    author: PRIYA,
    message: 'Adoption page: the shortlist from the available list',
    files: { 'web/src/adoption.ts': 'demo-history/adoption-v2/adoption.ts' },
  },
  {
    daysAgo: 70,
    author: JONAS,
    message: 'Go client: the invoice printer no longer fetches pets one by one',
    files: today('go/pets.go'),
  },
  {
    daysAgo: 40,
    author: MIA,
    message: 'Adoption page: the last lookup by id goes',
    files: today('web/src/adoption.ts'),
  },
  {
    daysAgo: 12,
    author: JONAS,
    message: 'scripts: pet-report.sh lists a status; README says what is left',
    // 6 calls left: web 2, platform 4.
    files: { ...today('scripts/pet-report.sh'), ...today('README.md') },
  },
];
