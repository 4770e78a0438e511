package io.frontier.worker.topology;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BucketOwnershipTest {

    private static final int BUCKETS = 4096;

    @Test
    void bucketsSpreadEvenlyOverCoordinators() {
        BucketOwnership ownership = new BucketOwnership(4);
        int[] owned = new int[4];
        for (int bucket = 0; bucket < BUCKETS; bucket++) {
            owned[ownership.ownerOf(bucket)]++;
        }
        for (int count : owned) {
            assertThat(count).isBetween(BUCKETS / 4 - 150, BUCKETS / 4 + 150);
        }
    }

    @Test
    void addingACoordinatorMovesOnlyBucketsToTheNewcomer() {
        BucketOwnership three = new BucketOwnership(3);
        BucketOwnership four = new BucketOwnership(4);
        int moved = 0;
        for (int bucket = 0; bucket < BUCKETS; bucket++) {
            int before = three.ownerOf(bucket);
            int after = four.ownerOf(bucket);
            if (before != after) {
                assertThat(after).isEqualTo(3);
                moved++;
            }
        }
        assertThat(moved).isBetween(BUCKETS / 4 - 150, BUCKETS / 4 + 150);
    }

    @Test
    void aSingleCoordinatorOwnsEverything() {
        BucketOwnership ownership = new BucketOwnership(1);
        for (int bucket = 0; bucket < 100; bucket++) {
            assertThat(ownership.ownerOf(bucket)).isZero();
        }
    }
}
