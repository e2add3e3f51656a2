package io.supplychaos.env;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

import io.supplychaos.spec.Rule;
import io.supplychaos.spec.Shape;
import io.supplychaos.spec.SpecNode;

/**
 * Where a {@code kind: kubernetes} environment's Kafka runs: the {@code kubernetes:} block of an env
 * file, validated. Names no resource itself beyond what it says: the namespace, the Strimzi
 * {@code Kafka} resource's name, the listener whose bootstrap address clients use, the kubeconfig
 * context, and where the supply-chain app instances run.
 *
 * @param namespace     the namespace of the Kafka resource, its pods and the Chaos Mesh resources the tool creates
 * @param cluster       the Strimzi {@code Kafka} resource's name (its pods carry {@code strimzi.io/cluster=<cluster>})
 * @param listener      the {@code status.listeners[].name} whose bootstrap servers the tool uses; null: the first listener
 * @param context       the kubeconfig context; null: the current one
 * @param apps          where app instances run
 * @param appDeployment the app's Deployment, scaled by the tool when {@code apps: pods}
 */
public record KubernetesTarget(String namespace, String cluster, String listener, String context, Apps apps,
                               String appDeployment) {

    /** Where the supply-chain app instances run. */
    public enum Apps {
        /** JVMs on this machine, started by a run (as for the other environments). */
        LOCAL("local"),
        /** Pods of {@link #appDeployment()}, scaled by the tool. */
        PODS("pods");

        private final String yamlName;

        Apps(String yamlName) {
            this.yamlName = yamlName;
        }

        public String yamlName() {
            return yamlName;
        }
    }

    public static final String DEFAULT_APP_DEPLOYMENT = "supply-chaos";


    /** A DNS-1123 label: what Kubernetes accepts as a namespace, and Strimzi as a cluster name (it prefixes pod names). */
    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
    /** A DNS-1123 subdomain: a Deployment's name. */
    private static final Pattern DNS_SUBDOMAIN = Pattern.compile("(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    /** A Strimzi listener name: lower-case letters and digits, at most 11 (Strimzi's own rule). */
    private static final Pattern LISTENER = Pattern.compile("[a-z0-9]{1,11}");

    private static final Rule<String> NAMESPACE = Rule.matching(DNS_LABEL, "a namespace name: lower-case letters, digits and '-', at most 63");
    private static final Rule<String> CLUSTER = Rule.matching(DNS_LABEL,
            "the Strimzi Kafka resource's name: lower-case letters, digits and '-', at most 63");
    private static final Rule<String> LISTENER_NAME = Rule.matching(LISTENER, "a Strimzi listener name: lower-case letters and digits, at most 11");
    private static final Rule<String> CONTEXT = Rule.of("a kubeconfig context name",
            text -> text.isBlank() ? Optional.empty() : Optional.of(text), Shape.json("type", "string", "pattern", "\\S"));
    private static final Rule<String> DEPLOYMENT = Rule.matching(DNS_SUBDOMAIN, "a Deployment name: lower-case letters, digits, '-' and '.'");

    /** The {@code kubernetes:} block of an env file. */
    public static final Shape.Keys SHAPE = Shape.keys(
            Shape.required("namespace", NAMESPACE, "The namespace of the Kafka resource and of the chaos resources the tool creates"),
            Shape.required("cluster", CLUSTER, "The Strimzi Kafka resource"),
            Shape.optional("listener", LISTENER_NAME, "The listener whose bootstrap address clients use; absent: the first"),
            Shape.optional("context", CONTEXT, "The kubeconfig context; absent: the current one"),
            Shape.optional("apps", Shape.choice(Apps.values(), Apps::yamlName), "Where the app instances run (default local)"),
            Shape.optional("appDeployment", DEPLOYMENT, "The app's Deployment, scaled by the tool (apps: pods only)"))
            .and(Shape.forbidWhen("apps", Apps.LOCAL.yamlName(), true, List.of("appDeployment")));

    public KubernetesTarget {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(apps, "apps");
        appDeployment = appDeployment == null ? DEFAULT_APP_DEPLOYMENT : appDeployment;
    }

    /** The listener by name, empty for "the first one the Kafka resource's status lists". */
    public Optional<String> listenerName() {
        return Optional.ofNullable(listener);
    }

    /** The kubeconfig context by name, empty for the current one. */
    public Optional<String> contextName() {
        return Optional.ofNullable(context);
    }

    /**
     * Validates the env file's {@code kubernetes:} block ({@code node} is that block, not the file's
     * root). Every problem is the node's own exception, naming file, line, column and field.
     */
    public static KubernetesTarget fromNode(SpecNode node) {
        node.mapping("with namespace, cluster, listener, context, apps, appDeployment").only(SHAPE);
        String namespace = node.get("namespace").as(NAMESPACE);
        String cluster = node.get("cluster").as(CLUSTER);
        String listener = node.has("listener") ? node.get("listener").as(LISTENER_NAME) : null;
        String context = node.has("context") ? node.get("context").as(CONTEXT) : null;
        Apps apps = node.has("apps") ? node.get("apps").choice(Apps.values(), Apps::yamlName) : Apps.LOCAL;
        String deployment = node.has("appDeployment") ? node.get("appDeployment").as(DEPLOYMENT) : DEFAULT_APP_DEPLOYMENT;
        if (apps == Apps.LOCAL && node.has("appDeployment")) {
            // a Deployment that is never used is a typo for apps: pods more often than not
            throw node.get("appDeployment").error("appDeployment only with apps: pods (apps is local)");
        }
        return new KubernetesTarget(namespace, cluster, listener, context, apps, deployment);
    }

    /** "kubernetes cluster c3 in namespace kafka (context X)", or "(current context)". */
    public String describe() {
        return "kubernetes cluster " + cluster + " in namespace " + namespace
                + (context == null ? " (current context)" : " (context " + context + ")");
    }
}
