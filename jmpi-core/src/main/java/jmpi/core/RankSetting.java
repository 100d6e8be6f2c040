package jmpi.core;

import jmpi.spi.Setting;

/**
 * A {@link Setting} read by a rank's engine or collectives: a malformed value is an
 * {@link ErrorClass#ERR_ARG} error of that rank (an {@link MpiError}, which the API raises through the
 * communicator's error handler), not an {@code IllegalArgumentException}. Stateless.
 */
public interface RankSetting extends Setting {
    @Override
    default RuntimeException invalid(String value, String problem) {
        return new MpiError(ErrorClass.ERR_ARG, invalidMessage(value, problem));
    }
}
