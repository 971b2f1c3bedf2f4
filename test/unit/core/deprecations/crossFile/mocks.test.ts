import assert from 'node:assert/strict';
import { reportedIn, type Project } from './projectScan';

/** Only the findings of one kind, at every confidence. */
async function hintsOf(kind: string, project: Project): Promise<string[]> {
  return (await reportedIn(project, {}, 'possible')).filter((line) => line.includes(` ${kind} `));
}

/**
 * A unit test that mocks the client: the stub (`when(client.getPet(1))`) stands for a call, it
 * makes none (a `mock` hint), and the calls of the code under test reach the double, not the API.
 */
describe('calls from tests through mocks', () => {
  const feignClient = [
    '@FeignClient(name = "pet-service")',
    'public interface PetClient {',
    '    @GetMapping("/pets/{id}")',
    '    PetDTO getPetById(@PathVariable("id") Long id);',
    '}',
  ].join('\n');
  const taskService = [
    'import app.client.PetClient;',
    '@Service',
    'public class TaskService {',
    '    private final PetClient petClient;',
    '    public Task createTask(Task task) {',
    '        PetDTO pet = petClient.getPetById(task.getPetId());',
    '        return repository.save(task.withPet(pet));',
    '    }',
    '}',
  ].join('\n');

  it('Java (Mockito): when(…) and verify(…) are mocks; the service called with the client mocked is no call', async () => {
    const project = {
      'src/main/java/app/client/PetClient.java': feignClient,
      'src/main/java/app/service/TaskService.java': taskService,
      'src/test/java/app/service/TaskServiceTest.java': [
        '@ExtendWith(MockitoExtension.class)',
        'class TaskServiceTest {',
        '    @Mock',
        '    private PetClient petClient;',
        '    @InjectMocks',
        '    private TaskService taskService;',
        '    @Test',
        '    void createsTask() {',
        '        when(petClient.getPetById(7L)).thenReturn(new PetDTO());',
        '        Task created = taskService.createTask(task);',
        '        verify(petClient, times(1)).getPetById(7L);',
        '    }',
        '}',
      ].join('\n'),
    };
    assert.deepEqual(await reportedIn(project), [
      'src/main/java/app/client/PetClient.java:3 url /pets/{id}',
      'src/main/java/app/service/TaskService.java:6 wrapper getPetById',
    ]);
    assert.deepEqual(await hintsOf('mock', project), [
      'src/test/java/app/service/TaskServiceTest.java:11 mock getPetById',
      'src/test/java/app/service/TaskServiceTest.java:9 mock getPetById',
    ]);
  });

  it('Kotlin (MockK) and C# (Moq): every { … }, Setup(…) and Verify(…) are mocks', async () => {
    const project = {
      'src/test/kotlin/AdoptionServiceTest.kt': [
        'class AdoptionServiceTest {',
        '    private val petApi = mockk<PetApi>()',
        '    @Test',
        '    fun `adopts a pet`() {',
        '        every { petApi.getPet(1) } returns pet',
        '        coVerify(exactly = 1) { petApi.getPet(1) }',
        '    }',
        '}',
      ].join('\n'),
      'tests/PetViewModelTests.cs': [
        'public class PetViewModelTests',
        '{',
        '    private readonly Mock<IPetApi> _api = new();',
        '    [Fact]',
        '    public async Task LoadsThePet()',
        '    {',
        '        _api.Setup(a => a.GetPetAsync(1)).ReturnsAsync(new Pet());',
        '        await new PetViewModel(_api.Object).LoadAsync(1);',
        '        _api.Verify(a => a.GetPetAsync(1), Times.Once);',
        '    }',
        '}',
      ].join('\n'),
    };
    assert.deepEqual(await reportedIn(project), []);
    assert.deepEqual(await hintsOf('mock', project), [
      'src/test/kotlin/AdoptionServiceTest.kt:5 mock getPet',
      'src/test/kotlin/AdoptionServiceTest.kt:6 mock getPet',
      'tests/PetViewModelTests.cs:7 mock GetPetAsync',
      'tests/PetViewModelTests.cs:9 mock GetPetAsync',
    ]);
  });

  it('Go (gomock): EXPECT().GetPet(…) is a mock, not a call of the operation', async () => {
    const project = {
      'handler/pet_test.go': [
        'package handler',
        '',
        'func TestGetPet(t *testing.T) {',
        '\tctrl := gomock.NewController(t)',
        '\trepository := mocks.NewMockRepository(ctrl)',
        '\trepository.EXPECT().GetPet(gomock.Any(), 1).Return(&Pet{ID: 1}, nil)',
        '\tpetPlaceMock.EXPECT().',
        '\t\tGetPet(petID).',
        '\t\tReturn(nil, errNotFound)',
        '}',
      ].join('\n'),
    };
    assert.deepEqual(await reportedIn(project), []);
    assert.deepEqual(await hintsOf('mock', project), [
      'handler/pet_test.go:6 mock GetPet',
      'handler/pet_test.go:8 mock GetPet',
    ]);
  });

  it('TypeScript (jest.mock) and Python (unittest.mock.patch): the module or function replaced is a double, the transport is not', async () => {
    const project = {
      'src/api/petApi.ts': [
        'export async function fetchPet(id: number) {',
        '  return (await fetch(`/api/pets/${id}`)).json();',
        '}',
      ].join('\n'),
      'src/services/adoption.ts': [
        "import { fetchPet } from '../api/petApi';",
        'export async function adopt(id: number) {',
        '  const pet = await fetchPet(id);',
        '  return save({ ...pet, adopted: true });',
        '}',
      ].join('\n'),
      'src/services/adoption.test.ts': [
        "import { fetchPet } from '../api/petApi';",
        "import { adopt } from './adoption';",
        "jest.mock('../api/petApi');",
        "it('adopts', async () => {",
        '  (fetchPet as jest.Mock).mockResolvedValue({ id: 1 });',
        '  await adopt(1);',
        '  expect(fetchPet).toHaveBeenCalledWith(1);',
        '});',
      ].join('\n'),
      'app/clients.py': [
        'class PetClient:',
        '    def fetch_pet(self, pet_id):',
        '        return requests.get(f"{BASE}/pets/{pet_id}").json()',
      ].join('\n'),
      'app/adoption.py': [
        'from app.clients import PetClient',
        'def adopt(pet_id):',
        '    return PetClient().fetch_pet(pet_id)',
      ].join('\n'),
      'tests/test_adoption.py': [
        'from unittest.mock import patch',
        'from app import adoption',
        '',
        '@patch("app.clients.PetClient.fetch_pet")',
        'def test_adopt(fetch_pet):',
        '    fetch_pet.return_value = {"id": 1}',
        '    assert adoption.adopt(1)["id"] == 1',
      ].join('\n'),
      // The transport mocked, not the client: the client's code runs, and calls the API.
      'tests/test_transport.py': [
        'from unittest.mock import patch',
        'from app import adoption',
        '',
        '@patch("app.clients.requests.get")',
        'def test_adopt_reads_the_pet(get):',
        '    get.return_value.json.return_value = {"id": 1}',
        '    assert adoption.adopt(1)["id"] == 1',
      ].join('\n'),
    };
    assert.deepEqual(await reportedIn(project), [
      'app/adoption.py:3 wrapper fetch_pet',
      'app/clients.py:3 url {…}/pets/{…}',
      'src/api/petApi.ts:2 url /api/pets/{…}',
      'src/services/adoption.ts:3 wrapper fetchPet',
      'tests/test_transport.py:7 wrapper adopt',
    ]);
    // The mocked function is only named there (`fetchPet as jest.Mock`, `expect(fetchPet)`).
    assert.deepEqual(await hintsOf('mock', project), []);
  });
});
