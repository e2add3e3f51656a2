package io.supplychaos.cluster;

/** What became of a resource the tool recorded as created when it came to delete it. */
public enum Deletion {
    /** It was the tool's and is gone now: deleted and awaited. */
    DELETED,
    /** Someone or something had deleted it already. */
    GONE,
    /** It exists but no longer carries the tool's labels of this state directory: left as it is. */
    NOT_OURS;

    /** The line {@code down} says about {@code what}. */
    public String describe(String what) {
        return switch (this) {
            case DELETED -> "deleted " + what;
            case GONE -> what + " was gone already";
            case NOT_OURS -> "left " + what + " as it is: it no longer carries supply-chaos's labels of this state directory"
                    + " (someone changed them), so it is not the tool's to delete";
        };
    }
}
