package io.supplychaos.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Reading YAML with locations: paths and line:column in every error, unknown and repeated keys, missing fields. */
class SpecNodeTest {

    private static SpecNode parse(String yaml) {
        return SpecFile.parse(yaml, "t.yaml", SpecException::new);
    }

    @Test
    void shouldNameThePathAndLocationOfANestedValue() {
        SpecNode root = parse("a:\n  list:\n    - {n: 1}\n    - {n: x}\n");

        List<SpecNode> items = root.get("a").get("list").items("things");

        assertThat(items.get(0).get("n").whole(0, 5)).isEqualTo(1);
        assertThatThrownBy(() -> items.get(1).get("n").whole(0, 5))
                .hasMessage("t.yaml:4:11: field 'a.list[1].n': a whole number from 0 to 5, got 'x'");
    }

    @Test
    void shouldSayRequiredForAMissingFieldAndLocateItAtItsParent() {
        SpecNode root = parse("top: 1\nnested: {b: 2}\n");

        assertThat(root.has("missing")).isFalse();
        assertThatThrownBy(() -> root.get("nested").get("c").whole(1, 9))
                .hasMessage("t.yaml:2:9: field 'nested.c': required: a whole number from 1 to 9");
    }

    @Test
    void shouldRefuseAnUnknownKeyAtTheKeysOwnLocation() {
        SpecNode root = parse("known: 1\n  \nunknwon: 2\n");

        assertThatThrownBy(() -> root.only(Set.of("known")))
                .hasMessage("t.yaml:3:1: field 'unknwon': unknown key; expected one of [known]");
    }

    @Test
    void shouldRefuseAKeyGivenTwice() {
        assertThatThrownBy(() -> parse("a:\n  b: 1\n  b: 2\n"))
                .hasMessage("t.yaml:3:3: field 'a.b': a key given once; 'b' is also at line 2");
    }

    @Test
    void shouldGiveTheLineAndColumnOfASyntaxError() {
        assertThatThrownBy(() -> parse("a: [1, 2\nb: 3\n")).isInstanceOf(SpecException.class)
                .hasMessageStartingWith("t.yaml:2:2: field '(file)': valid YAML (");
    }

    @Test
    void shouldTellAStringFromANumberOrAMapping() {
        SpecNode root = parse("s: hello\nn: 12\nm: {x: 1}\n");

        assertThat(root.get("s").text()).isEqualTo("hello");
        assertThatThrownBy(() -> root.get("n").text()).hasMessageEndingWith("a string, got '12'");
        assertThatThrownBy(() -> root.get("m").scalar()).hasMessageEndingWith("a value (number, string or boolean), got a mapping");
    }

    @Test
    void givenASequenceThatContainsItselfThroughAnAlias_whenRead_thenRefusedAtItsAnchorNotAStackOverflow() {
        assertThatThrownBy(() -> parse("name: x\na: &x [1, *x]\n")).isInstanceOf(SpecException.class)
                .hasMessage("t.yaml:2:4: field 'a': a value that does not contain itself; the anchor '&' here is used "
                        + "inside its own value through an alias ('*') at 'a[1]'");
    }

    @Test
    void givenAMappingThatContainsItselfDeeperDown_whenRead_thenRefusedNamingThePathAndLine() {
        assertThatThrownBy(() -> parse("top:\n  b: &x\n    c:\n      d: *x\n")).isInstanceOf(SpecException.class)
                .hasMessageStartingWith("t.yaml:2:6: field 'top.b': a value that does not contain itself").hasMessageEndingWith("at 'top.b.c.d'");
    }

    @Test
    void givenAMergeKeyThatMergesItsOwnMapping_whenRead_thenRefusedNotAStackOverflow() {
        assertThatThrownBy(() -> parse("a: &x\n  b: 1\n  <<: *x\n")).isInstanceOf(SpecException.class)
                .hasMessageStartingWith("t.yaml:1:4: field 'a': a value that does not contain itself").hasMessageEndingWith("at 'a.<<'");
    }

    @Test
    void givenAnAnchorUsedTwiceWithoutRecursion_whenRead_thenItIsAccepted() {
        SpecNode root = parse("a: &x {n: 1}\nb: *x\nc: *x\n");

        assertThat(root.get("c").get("n").whole(0, 5)).isEqualTo(1);
    }

    @Test
    void givenValuesNestedDeeperThanTheLimit_whenRead_thenRefusedNamingTheFile() {
        String deep = "x: " + "[".repeat(500) + "]".repeat(500) + "\n";

        assertThatThrownBy(() -> parse(deep)).isInstanceOf(SpecException.class)
                .hasMessageStartingWith("t.yaml: field '(file)': valid YAML (").hasMessageContaining("nest");
    }
}
