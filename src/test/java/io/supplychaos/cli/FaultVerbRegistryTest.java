package io.supplychaos.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

import io.supplychaos.chaos.FaultType;
import io.supplychaos.scenario.FileSchemas;

/**
 * The fault registry ({@link FaultType}) and what is built from it agree: every fault has its verb
 * registered in {@link ChaosCli} under its name and no fault verb lacks a fault, a lasting fault's
 * verb takes {@code --for} and a moment's does not, and the scenario schemas' {@code action} enum is
 * the registry's names in its order.
 */
class FaultVerbRegistryTest {

    /** The fault verbs ChaosCli registers, by name. */
    private static Map<String, FaultCommand> faultVerbs() {
        return ChaosCli.commandLine().getSubcommands().entrySet().stream()
                .filter(verb -> verb.getValue().getCommand() instanceof FaultCommand)
                .collect(Collectors.toMap(Map.Entry::getKey, verb -> (FaultCommand) verb.getValue().getCommand()));
    }

    @ParameterizedTest
    @EnumSource(FaultType.class)
    void everyFaultHasItsVerbRegisteredUnderItsName(FaultType type) {
        FaultCommand verb = faultVerbs().get(type.cliName());

        assertThat(verb).as("a FaultCommand registered in ChaosCli as '%s'", type.cliName()).isNotNull();
        assertThat(verb.type()).isEqualTo(type);
    }

    @Test
    void everyFaultVerbIsAFaultOfTheRegistry() {
        Map<String, FaultCommand> verbs = faultVerbs();

        assertThat(verbs.keySet()).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(FaultType.values()).map(FaultType::cliName).toList());
        verbs.forEach((name, verb) -> assertThat(verb.type().cliName()).as("the fault verb %s injects", name).isEqualTo(name));
    }

    @ParameterizedTest
    @EnumSource(FaultType.class)
    void aLastingFaultsVerbTakesAHoldTimeAndAMomentsDoesNot(FaultType type) {
        CommandLine verb = ChaosCli.commandLine().getSubcommands().get(type.cliName());

        assertThat(verb.getCommandSpec().findOption("--for") != null).as("%s takes --for", type.cliName())
                .isEqualTo(!type.isInstantaneous());
    }

    @Test
    void theScenarioSchemasActionsAreTheRegistrysFaultsInItsOrder() throws Exception {
        List<String> names = Arrays.stream(FaultType.values()).map(FaultType::cliName).toList();
        ObjectMapper json = new ObjectMapper();

        for (String schema : List.of(FileSchemas.SCENARIO, FileSchemas.FAULTS)) {
            JsonNode root = json.readTree(FileSchemas.render().get(schema));
            List<JsonNode> actions = root.findValues("action").stream().filter(node -> node.has("enum")).toList();

            assertThat(actions).as("%s has one action enum", schema).hasSize(1);
            assertThat(actions.get(0).get("enum")).extracting(JsonNode::asText).as(schema).containsExactlyElementsOf(names);
        }
    }
}
