package jmpi.conformance;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import jmpi.spi.Backoff;
import jmpi.spi.Setting;
import jmpi.spi.WaitSetting;

/** The layers of docs/ARCHITECTURE.md: nothing depends upward, transports never see matching or the API. */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void load() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("mpi", "jmpi", "mpjbuf", "mpjdev");
    }

    @Test
    void runtimeNeverSeesTheApi() {
        noClasses().that().resideInAnyPackage("jmpi.core..", "jmpi.spi..", "jmpi.datatype..", "jmpi.transport..",
                        "jmpi.launcher..")
                .should().dependOnClassesThat().resideInAPackage("mpi..")
                .check(classes);
    }

    @Test
    void spiIsTheBottom() {
        noClasses().that().resideInAPackage("jmpi.spi..")
                .should().dependOnClassesThat().resideInAnyPackage("jmpi.core..", "jmpi.datatype..", "jmpi.transport..",
                        "jmpi.launcher..")
                .check(classes);
    }

    @Test
    void datatypeIsPure() {
        noClasses().that().resideInAPackage("jmpi.datatype..")
                .should().dependOnClassesThat().resideInAnyPackage("jmpi.core..", "jmpi.spi..", "jmpi.transport..",
                        "jmpi.launcher..")
                .check(classes);
    }

    @Test
    void transportsOnlySeeTheSpi() {
        noClasses().that().resideInAPackage("jmpi.transport..")
                .should().dependOnClassesThat().resideInAnyPackage("jmpi.core..", "jmpi.launcher..", "jmpi.datatype..")
                .check(classes);
    }

    @Test
    void coreDoesNotKnowTransportsOrLauncher() {
        noClasses().that().resideInAPackage("jmpi.core..")
                .should().dependOnClassesThat().resideInAnyPackage("jmpi.transport..", "jmpi.launcher..")
                .check(classes);
    }

    @Test
    void apiDoesNotKnowTransportsOrLauncher() {
        noClasses().that().resideInAPackage("mpi..")
                .should().dependOnClassesThat().resideInAnyPackage("jmpi.transport..", "jmpi.launcher..")
                .check(classes);
    }

    /** MPJ Express's buffers (jmpi-mpj) stand alone: the API uses them, they use nothing of jmpi. */
    @Test
    void mpjBuffersStandAlone() {
        noClasses().that().resideInAnyPackage("mpjbuf..", "mpjdev..", "jmpi.mpj..")
                .should().dependOnClassesThat().resideInAnyPackage("mpi..", "jmpi.core..", "jmpi.spi..", "jmpi.coll..",
                        "jmpi.datatype..", "jmpi.transport..", "jmpi.launcher..", "jmpi.tasks..")
                .check(classes);
    }

    /** The buffers are per rank (loaded with the API); the shared runtime never refers to them. */
    @Test
    void runtimeNeverSeesMpjBuffers() {
        noClasses().that().resideInAnyPackage("jmpi.core..", "jmpi.spi..", "jmpi.coll..", "jmpi.datatype..",
                        "jmpi.transport..", "jmpi.launcher..")
                .should().dependOnClassesThat().resideInAnyPackage("mpjbuf..", "mpjdev..", "jmpi.mpj..")
                .check(classes);
    }

    @Test
    void tasksDependOnNothingOfJmpi() {
        noClasses().that().resideInAPackage("jmpi.tasks..")
                .should().dependOnClassesThat().resideInAnyPackage("mpi..", "jmpi.core..", "jmpi.datatype..",
                        "jmpi.transport..", "jmpi.launcher..")
                .check(classes);
    }

    /** Of the SPI the task pool uses only the settings mechanism and the idle policy it shares with the engine. */
    @Test
    void tasksUseOnlyTheSettingsAndTheIdlePolicyOfTheSpi() {
        noClasses().that().resideInAPackage("jmpi.tasks..")
                .should().dependOnClassesThat(resideInAPackage("jmpi.spi..")
                        .and(not(belongToAnyOf(Setting.class, WaitSetting.class, Backoff.class))))
                .check(classes);
    }
}
